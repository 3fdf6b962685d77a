//go:build unix

package gitview

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestViewCarriesOnlyTheFormat: the view's config holds what ccc-hooks writes and the format the
// repository declares, nothing of the repository's own configuration (programs, includes,
// remotes, a promisor); an extension the view cannot carry is an error, as is an unreadable
// format; one git ignores or the view may leave out is left out.
func TestViewCarriesOnlyTheFormat(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	tests := []struct {
		name, config string
		want         string // a line the view's config holds; "" when Build must fail
	}{
		{"programs and includes", "[core]\n\trepositoryformatversion = 0\n\tfsmonitor = /p/P\n\tpager = /p/P\n\thooksPath = /p/hooks\n" +
			"[diff]\n\texternal = /p/P\n[diff \"x\"]\n\ttextconv = /p/P\n[include]\n\tpath = /p/evil.cfg\n" +
			"[remote \"origin\"]\n\turl = ssh://h/x\n\tpromisor = true\n[extensions]\n\tpartialClone = origin\n", "repositoryformatversion = 0"},
		{"version 1, partial clone", "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialclone = origin\n\tnoop\n\tworktreeConfig = true\n", "repositoryformatversion = 1"},
		{"spelled in capitals", "[CORE]\n\trepositoryFormatVersion = 1\n[Extensions]\n\tobjectFormat = sha1\n\tPreciousObjects\n", "repositoryformatversion = 1"},
		{"version 0 ignores extensions", "[core]\n\trepositoryformatversion = 0\n[extensions]\n\tunknownthing = 1\n", "repositoryformatversion = 0"},
		{"unknown extension", "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tunknownthing = 1\n", ""},
		{"reftable", "[core]\n\trepositoryformatversion = 1\n[extensions]\n\trefStorage = reftable\n", ""},
		{"version 2", "[core]\n\trepositoryformatversion = 2\n[extensions]\n\tnoop\n", ""},
		{"not a config file", "[core\n\textensions = \"\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := k.repo(strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.WriteFile(filepath.Join(r, ".git", "config"), []byte(tt.config), 0o644); err != nil {
				t.Fatal(err)
			}
			w, err := k.build(r)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("Build = %+v, want an error", w)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := os.ReadFile(filepath.Join(w.Dir, "config"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(cfg), tt.want) {
				t.Errorf("the view's config lacks %q:\n%s", tt.want, cfg)
			}
			for _, never := range []string{"/p/", "promisor", "partialclone", "include", "worktreeConfig"} {
				if strings.Contains(string(cfg), never) {
					t.Errorf("the view's config holds %q:\n%s", never, cfg)
				}
			}
		})
	}
}

// TestFormatFromAFIFO: a config file, index, reflog of HEAD, packed refs or alternates file that
// is a FIFO is an error at once, never a wait.
func TestFormatFromAFIFO(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	for _, name := range []string{"config", "index", "logs/HEAD", "packed-refs", "objects/info/alternates"} {
		path := filepath.Join(r, ".git", name)
		_ = os.Rename(path, path+".was")
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if _, err := k.build(r); err == nil {
			t.Errorf("Build with a FIFO as .git/%s: no error", name)
		}
		if d := time.Since(start); d > buildTimeout/2 {
			t.Errorf("Build with a FIFO as .git/%s took %v", name, d)
		}
		_ = os.Remove(path)
		_ = os.Rename(path+".was", path)
	}
}

// TestSubmoduleNames: every name of the .gitmodules git reads gets submodule.<name>.ignore=all
// in the view's config, written so that git reads the name back as it is: from the work tree's
// file when there is one, else from the index's and HEAD's. A work tree .gitmodules the hook
// cannot read as a file of at most 1 MiB is an error.
func TestSubmoduleNames(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	odd := "[submodule \"a\\\"b\\\\c\"]\n\tpath = p1\n[submodule \"with.dots and spaces\"]\n\tpath = p2\n" +
		"[Submodule \"Case\"]\n\tignore = none\n[submodule.old]\n\tpath = p3\n; [submodule \"commented\"]\n"
	names := func(t *testing.T, w *View) []string {
		t.Helper()
		out, err := k.inView(w, w.Dir, "config", "--file", filepath.Join(w.Dir, "config"), "-z", "--get-regexp", `^submodule\..*\.ignore$`)
		if err != nil && out != "" {
			t.Fatalf("%v\n%s", err, out)
		}
		var got []string
		for entry := range strings.SplitSeq(strings.TrimSuffix(out, "\x00"), "\x00") {
			if entry == "" {
				continue
			}
			key, value, _ := strings.Cut(entry, "\n")
			if value != "all" {
				t.Errorf("%s = %s, want all", key, value)
			}
			got = append(got, strings.TrimSuffix(strings.TrimPrefix(key, "submodule."), ".ignore"))
		}
		slices.Sort(got)
		return got
	}
	t.Run("work tree", func(t *testing.T) {
		r := k.repo("wt")
		k.write(r, map[string]string{".gitmodules": odd})
		got := names(t, k.mustBuild(r))
		want := []string{"Case", "a\"b\\c", "old", "with.dots and spaces"}
		if !slices.Equal(got, want) {
			t.Errorf("names %q, want %q", got, want)
		}
	})
	t.Run("index and HEAD", func(t *testing.T) {
		r := k.repo("ih")
		k.write(r, map[string]string{".gitmodules": "[submodule \"head\"]\n\tpath = h\n"})
		k.git(r, "add", ".gitmodules")
		k.git(r, "commit", "-qm", "modules")
		k.write(r, map[string]string{".gitmodules": "[submodule \"index\"]\n\tpath = i\n"})
		k.git(r, "add", ".gitmodules")
		if err := os.Remove(filepath.Join(r, ".gitmodules")); err != nil {
			t.Fatal(err)
		}
		if got := names(t, k.mustBuild(r)); !slices.Equal(got, []string{"head", "index"}) {
			t.Errorf("names %q, want head and index", got)
		}
	})
	t.Run("none", func(t *testing.T) {
		if got := names(t, k.mustBuild(k.repo("none"))); len(got) != 0 {
			t.Errorf("names %q, want none", got)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		r := k.repo("unreadable")
		if err := syscall.Mkfifo(filepath.Join(r, ".gitmodules"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := k.build(r); err == nil {
			t.Error("Build with a FIFO as .gitmodules: no error")
		}
		r = k.repo("huge")
		k.write(r, map[string]string{".gitmodules": "[submodule \"x\"]\n\tpath = x\n" + strings.Repeat("#\n", 1<<19+1)})
		if _, err := k.build(r); err == nil {
			t.Error("Build with a .gitmodules of more than 1 MiB: no error")
		}
	})
}

// TestHeadAsALink: a HEAD that is a symbolic link into refs/ (the old form of a symbolic ref)
// is read as the ref it names; one leading elsewhere is no git directory.
func TestHeadAsALink(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	head := filepath.Join(r, ".git", "HEAD")
	_ = os.Remove(head)
	if err := os.Symlink("refs/heads/side", head); err != nil {
		t.Fatal(err)
	}
	w := k.mustBuild(r)
	if data, _ := os.ReadFile(filepath.Join(w.Dir, "HEAD")); string(data) != "ref: refs/heads/side\n" {
		t.Errorf("the view's HEAD = %q", data)
	}
	_ = os.Remove(head)
	if err := os.Symlink("../../elsewhere", head); err != nil {
		t.Fatal(err)
	}
	if _, err := k.build(r); err == nil {
		t.Error("Build with HEAD linking outside refs/: no error")
	}
}

// TestRemoveLeavesTheRepository: removing a view removes its directory and nothing it links to.
func TestRemoveLeavesTheRepository(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	before := k.git(r, "log", "--all", "--oneline")
	w := k.mustBuild(r)
	if err := w.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(w.Dir); !os.IsNotExist(err) {
		t.Errorf("the view is still there: %v", err)
	}
	if after := k.git(r, "log", "--all", "--oneline"); after != before {
		t.Errorf("the repository changed: %q, was %q", after, before)
	}
}

// TestSweep: a view older than staleAfter goes, one of that age or newer and anything not named
// as a view stay.
func TestSweep(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	now := time.Now()
	for name, age := range map[string]time.Duration{
		"wall-1-old": 3 * time.Hour, "wall-2-new": time.Hour, "other-old": 3 * time.Hour, "wall-3-edge": staleAfter,
	} {
		dir := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(dir, "refs"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dir, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	sweep(parent, now)
	entries, _ := os.ReadDir(parent)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if !slices.Equal(left, []string{"other-old", "wall-2-new", "wall-3-edge"}) {
		t.Errorf("left %q", left)
	}
}

// TestGitInsideTheWorkTree: a git found on $PATH inside the work tree under review is never run
// by Build.
func TestGitInsideTheWorkTree(t *testing.T) {
	k := newKit(t)
	r := k.repo("repo")
	k.write(r, map[string]string{"bin/git": "#!/bin/sh\ntouch " + filepath.Join(r, "ran") + "\n"})
	if err := os.Chmod(filepath.Join(r, "bin", "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", filepath.Join(r, "bin")+":"+os.Getenv("PATH"))
	if _, err := k.build(r); err == nil || !strings.Contains(err.Error(), "inside the repository") {
		t.Errorf("Build with git in the work tree: %v", err)
	}
	if _, err := os.Stat(filepath.Join(r, "ran")); err == nil {
		t.Error("the planted git ran")
	}
}

// TestSplitIndexStaysTheRepositorys: with a split index, git diff through the view refreshes
// the index and touches the shared index file it keeps (read-cache.c, freshen_shared_index):
// the view's copies, never the repository's files, whose times and contents stay as they were.
func TestSplitIndexStaysTheRepositorys(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	k.git(r, "update-index", "--split-index")
	gitDir := filepath.Join(r, ".git")
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	shared, err := filepath.Glob(filepath.Join(gitDir, "sharedindex.*"))
	if err != nil || len(shared) == 0 {
		t.Fatalf("no shared index after git update-index --split-index: %v", err)
	}
	for _, path := range append(shared, filepath.Join(gitDir, "index")) {
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
	}
	// The work tree's files newer than the index: git diff refreshes it and writes it back.
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(r, "a.txt"), later, later); err != nil {
		t.Fatal(err)
	}
	before := gitDirState(t, gitDir)
	w := k.mustBuild(r)
	for _, args := range [][]string{{"diff", "--stat"}, {"status", "--short"}, {"diff"}} {
		if out, err := k.inView(w, r, args...); err != nil {
			t.Fatalf("git %s through the view: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if after := gitDirState(t, gitDir); !slices.Equal(after, before) {
		t.Errorf("the repository's git directory changed:\nbefore %q\nafter  %q", before, after)
	}
}

// gitDirState lists the files at the top of a git directory with their sizes and times.
func gitDirState(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || fi.IsDir() {
			continue
		}
		out = append(out, fmt.Sprintf("%s %d %s", e.Name(), fi.Size(), fi.ModTime().UTC().Format(time.RFC3339Nano)))
	}
	return out
}

// TestGitDataOutsideTheWorkTree: a .git file, a commondir or an alternates file can lead git to
// data outside the work tree, where the reviewer's guard does not look before each command: a
// named pipe there (a loose ref, an object) makes plain git wait for ever, and refuses the view
// at once.
func TestGitDataOutsideTheWorkTree(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	object := "ab" + strings.Repeat("0", 38)
	tests := []struct {
		name  string
		plant func(r string) (fifo string)
		waits []string // a plain git command that waits on the pipe
	}{
		{".git file", func(r string) string {
			outside := filepath.Join(k.dir, "outside.git")
			if err := os.Rename(filepath.Join(r, ".git"), outside); err != nil {
				t.Fatal(err)
			}
			k.write(r, map[string]string{".git": "gitdir: " + outside + "\n"})
			return filepath.Join(outside, "refs", "heads", "waits")
		}, []string{"for-each-ref"}},
		{"commondir", func(r string) string {
			common := filepath.Join(k.dir, "common.git")
			k.git(k.dir, "clone", "-q", "--bare", r, common)
			k.write(r, map[string]string{".git/commondir": common + "\n"})
			return filepath.Join(common, "refs", "tags", "waits")
		}, []string{"for-each-ref"}},
		{"alternates", func(r string) string {
			alt := filepath.Join(k.dir, "alt.git")
			k.git(k.dir, "clone", "-q", "--bare", r, alt)
			k.write(r, map[string]string{".git/objects/info/alternates": filepath.Join(alt, "objects") + "\n"})
			return filepath.Join(alt, "objects", object[:2], object[2:])
		}, []string{"cat-file", "-t", object}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := k.repo(strings.ReplaceAll(tt.name, " ", "-"))
			fifo := tt.plant(r)
			if err := os.MkdirAll(filepath.Dir(fifo), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			if w, err := k.build(r); err == nil || !strings.Contains(err.Error(), "git would wait on it") {
				t.Errorf("Build = %+v, %v; want an error naming %s", w, err, fifo)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			c := exec.CommandContext(ctx, "git", tt.waits...)
			c.Dir, c.Env = r, plainEnv(k.home)
			if out, _ := c.CombinedOutput(); ctx.Err() == nil {
				t.Errorf("plain git %s ended: the pipe proves nothing\n%s", strings.Join(tt.waits, " "), out)
			}
		})
	}
}

// TestTrackedFileTooLarge: an empty tracked file made a sparse file of a tebibyte keeps its index
// entry's size (0, modulo 2^32), and plain git status reads it whole to hash it: the view is
// refused at once.
func TestTrackedFileTooLarge(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	k.write(r, map[string]string{"huge": ""})
	k.git(r, "add", "huge")
	if err := os.Truncate(filepath.Join(r, "huge"), 1<<40); err != nil {
		t.Fatal(err)
	}
	if w, err := k.build(r); err == nil || !strings.Contains(err.Error(), "read whole to hash it") {
		t.Errorf("Build = %+v, %v; want an error naming huge", w, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "git", "status")
	c.Dir, c.Env = r, plainEnv(k.home)
	if out, _ := c.CombinedOutput(); ctx.Err() == nil {
		t.Errorf("plain git status ended: the file proves nothing\n%s", out)
	}
}

// TestObjectsGitWouldReadForHours: a pack with a delta chain deeper than git ever writes, and a
// loose object that declares gigabytes, refuse the view at once.
func TestObjectsGitWouldReadForHours(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	t.Run("delta chain", func(t *testing.T) {
		r := k.repo("chain")
		pack := filepath.Join(r, ".git", "objects", "pack", "pack-chain.pack")
		if err := os.WriteFile(pack, deltaChainPack(t, maxChain+10), 0o644); err != nil {
			t.Fatal(err)
		}
		k.git(r, "index-pack", pack)
		if w, err := k.build(r); err == nil || !strings.Contains(err.Error(), "delta chain deeper") {
			t.Errorf("Build = %+v, %v; want the chain refused", w, err)
		}
	})
	t.Run("loose object", func(t *testing.T) {
		r := k.repo("loose")
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		_, _ = w.Write([]byte("blob 4294967296\x00"))
		noise := make([]byte, minLooseToCheck) // random: zlib keeps it as large
		_, _ = rand.Read(noise)
		_, _ = w.Write(noise)
		_ = w.Close()
		k.write(r, map[string]string{".git/objects/ab/" + strings.Repeat("c", 38): z.String()})
		if view, err := k.build(r); err == nil || !strings.Contains(err.Error(), "which git would read whole") {
			t.Errorf("Build = %+v, %v; want the object refused", view, err)
		}
	})
	if _, err := k.build(k.repo("plain")); err != nil {
		t.Errorf("a plain repository: %v", err)
	}
}

// deltaChainPack is a pack of a blob and depth deltas, each made from the one before by copying
// it and adding a byte.
func deltaChainPack(t *testing.T, depth int) []byte {
	t.Helper()
	var out bytes.Buffer
	out.WriteString("PACK")
	_ = binary.Write(&out, binary.BigEndian, uint32(2))
	_ = binary.Write(&out, binary.BigEndian, uint32(depth+1))
	header := func(typ int, size int) {
		c := byte(typ<<4) | byte(size&15)
		size >>= 4
		for size > 0 {
			out.WriteByte(c | 0x80)
			c, size = byte(size&0x7f), size>>7
		}
		out.WriteByte(c)
	}
	deflate := func(data []byte) {
		w := zlib.NewWriter(&out)
		_, _ = w.Write(data)
		_ = w.Close()
	}
	varint := func(b *bytes.Buffer, v int) {
		for v >= 0x80 {
			b.WriteByte(byte(v&0x7f) | 0x80)
			v >>= 7
		}
		b.WriteByte(byte(v))
	}
	prev := out.Len()
	header(3, 1)
	deflate([]byte("x"))
	size := 1
	for range depth {
		var delta bytes.Buffer
		varint(&delta, size)
		varint(&delta, size+1)
		delta.Write([]byte{0x80 | 0x10 | 0x20, byte(size), byte(size >> 8), 1, 'y'}) // copy all, add y
		at := out.Len()
		header(6, delta.Len())
		back := at - prev
		enc := []byte{byte(back & 127)}
		for back >>= 7; back > 0; back >>= 7 {
			back--
			enc = append([]byte{byte(back&127) | 0x80}, enc...)
		}
		out.Write(enc)
		deflate(delta.Bytes())
		prev, size = at, size+1
	}
	sum := sha1.Sum(out.Bytes())
	out.Write(sum[:])
	return out.Bytes()
}
