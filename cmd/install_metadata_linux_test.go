//go:build linux

package cmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// metadataOld is the settings file before install in every case of TestInstallKeepsWhatTheFileIs.
const metadataOld = "{\n  \"model\": \"opus\"\n}\n"

// metadataCase is one file an install edits, and what ccc-hooks measurably does with it.
type metadataCase struct {
	name string
	// root: the case needs root (to hand files to other users, or to run the install as nobody).
	root bool
	// asNobody runs the install as user nobody, in a directory nobody may write.
	asNobody bool
	// setup makes the settings file at path (metadataOld), with what the case is about.
	setup func(t *testing.T, path string)
	// outcome: "replaced" (a new file took the name: another inode), "in place" (the same inode
	// written, and install says so), or "refused" (exit 1, the file as it was).
	outcome string
	// say is a part of what install prints (stdout for a change, stderr for a refusal).
	say string
	// check looks at the file after, beside the checks every case makes.
	check func(t *testing.T, path string)
}

// TestInstallKeepsWhatTheFileIs measures, with the real binary, what `ccc-hooks install` does
// with a settings file whose metadata a replacement must carry: the mode with setuid, setgid and
// sticky bits, owner and group, extended attributes, POSIX ACLs, other names (hard links). Every
// case ends with the file holding our entries and everything it had (its mode bits, owner,
// group, extended attributes, ACL; getfattr's dump compared), either in a new file (replaced)
// or in the same inode (written in place, with a backup, which install says), or refused with
// the reason and the file byte for byte as it was. docs/settings.md lists the outcomes.
func TestInstallKeepsWhatTheFileIs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	for _, tool := range []string{"setfacl", "getfattr", "setfattr"} {
		testneed.Program(t, tool) // Debian: acl, attr
	}
	bin := filepath.Join(openDir(t), "ccc-hooks")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ccc-hooks")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	mode := func(m string) func(*testing.T, string) {
		return func(t *testing.T, p string) { mustRun(t, "chmod", m, p) }
	}
	for _, c := range []metadataCase{
		{name: "plain file", outcome: "replaced"},
		{name: "setuid, setgid and sticky bits", setup: mode("7750"), outcome: "replaced"},
		{name: "user extended attribute", setup: func(t *testing.T, p string) {
			mustRun(t, "setfattr", "-n", "user.origin", "-v", "dotfiles", p)
		}, outcome: "replaced"},
		{name: "ACL granting another user", setup: func(t *testing.T, p string) {
			mustRun(t, "setfacl", "-m", "u:65534:rw,g:65534:r", p)
		}, outcome: "replaced", check: func(t *testing.T, p string) {
			if os.Geteuid() == 0 {
				writable := exec.Command("test", "-w", p)
				writable.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: testuser.Nobody, Gid: testuser.Nobody}}
				if err := writable.Run(); err != nil {
					t.Errorf("the user the ACL lets write the file no longer can: %v", err)
				}
			}
		}},
		{name: "directory with a default ACL, file without", setup: func(t *testing.T, p string) {
			mustRun(t, "setfacl", "-d", "-m", "u:65534:rwx", filepath.Dir(p))
		}, outcome: "replaced"},
		{
			name: "hard link", setup: func(t *testing.T, p string) {
				if err := os.Link(p, p+".other-name"); err != nil {
					t.Fatal(err)
				}
			}, outcome: "in place", say: "It was written in place, with a backup, not replaced: it has 2 names (hard links), which a replacement would split.",
			check: func(t *testing.T, p string) {
				a, _ := os.ReadFile(p)
				b, _ := os.ReadFile(p + ".other-name")
				if !bytes.Equal(a, b) {
					t.Error("the other name holds other bytes")
				}
			},
		},
		{name: "trusted extended attribute", root: true, setup: func(t *testing.T, p string) {
			mustRun(t, "setfattr", "-n", "trusted.origin", "-v", "admin", p)
		}, outcome: "replaced"},
		{name: "root editing a user's file with setuid and an ACL", root: true, setup: func(t *testing.T, p string) {
			mustRun(t, "chown", "65534:65534", p)
			mustRun(t, "chmod", "4640", p)
			mustRun(t, "setfacl", "-m", "u:0:r", p)
		}, outcome: "replaced"},
		{name: "a user's own file with setuid, setgid and sticky bits", root: true, asNobody: true, setup: func(t *testing.T, p string) {
			mustRun(t, "chown", "65534:65534", p)
			mustRun(t, "chmod", "7750", p)
		}, outcome: "replaced"},
		{name: "a user's own setuid file with another name", root: true, asNobody: true, setup: func(t *testing.T, p string) {
			mustRun(t, "chown", "65534:65534", p)
			mustRun(t, "chmod", "6750", p)
			if err := os.Link(p, p+".other-name"); err != nil {
				t.Fatal(err)
			}
		}, outcome: "in place", say: "it has 2 names (hard links)"},
		// Whoever's Claude Code reads a file runs what it names, as them: only its owner, or root
		// keeping that owner, writes it.
		{name: "a user writing a file another user owns", root: true, asNobody: true, setup: func(t *testing.T, p string) {
			mustRun(t, "chmod", "0666", p)
		}, outcome: "refused", say: ": it belongs to uid 0, not you (uid 65534): ccc-hooks writes no settings file of another user, whose Claude Code would run the program it names as them; that user (or root) can install it; the file was left unchanged"},
		{name: "a user's file whose group the user is not in", root: true, asNobody: true, setup: func(t *testing.T, p string) {
			mustRun(t, "chown", "65534:0", p)
			mustRun(t, "chmod", "2664", p)
		}, outcome: "refused", say: ": a replacement cannot be given its owner and group (uid 65534, gid 0): operation not permitted, and a write in place would clear its setgid bit, which only a member of its group or root may set again; the file was left unchanged"},
		{
			name: "a file the user may not write, in a directory the user may", root: true, asNobody: true, setup: mode("0644"),
			outcome: "refused", say: ": it belongs to uid 0, not you (uid 65534): ccc-hooks writes no settings file of another user",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.root && os.Geteuid() != 0 {
				t.Skip("needs root")
			}
			measureInstall(t, bin, c)
		})
	}
}

// measureInstall runs one case of TestInstallKeepsWhatTheFileIs.
func measureInstall(t *testing.T, bin string, c metadataCase) {
	t.Helper()
	dir := openDir(t)
	mustRun(t, "chmod", "0777", dir) // nobody writes here too
	home := filepath.Join(dir, "home")
	work := filepath.Join(dir, "work")
	for _, d := range []string{home, work} {
		if err := os.Mkdir(d, 0o777); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "chmod", "0777", d)
	}
	path := filepath.Join(work, "settings.json")
	if err := os.WriteFile(path, []byte(metadataOld), 0o644); err != nil {
		t.Fatal(err)
	}
	if c.setup != nil {
		c.setup(t, path)
	}
	before := fileFacts(t, path)
	cmd := exec.Command(bin, "install", "--file", path)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	if c.asNobody {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: testuser.Nobody, Gid: testuser.Nobody}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	after := fileFacts(t, path)
	data, _ := os.ReadFile(path)
	if c.outcome == "refused" {
		if err == nil || !strings.Contains(stderr.String(), c.say) || !strings.Contains(stderr.String(), path) {
			t.Errorf("want a refusal saying %q, naming the file; got %v\n%s", c.say, err, stderr.String())
		}
		if string(data) != metadataOld || after != before {
			t.Errorf("refused, but the file changed:\n%s\n%+v\nwas %+v", data, after, before)
		}
		return
	}
	if err != nil {
		t.Fatalf("install: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(string(data), `"statusMessage": "ccc-hooks supervisor reviewing"`) {
		t.Errorf("our entries are not in the file:\n%s", data)
	}
	sameInode := after.ino == before.ino
	switch {
	case c.outcome == "replaced" && sameInode:
		t.Errorf("written in place, want replaced:\n%s", stdout.String())
	case c.outcome == "in place" && !sameInode:
		t.Errorf("replaced, want written in place")
	case !strings.Contains(unwrapped(stdout.String()), c.say): // 80 columns off a terminal
		t.Errorf("stdout does not say %q:\n%s", c.say, stdout.String())
	}
	after.ino, before.ino = 0, 0
	if after != before {
		t.Errorf("the file is not what it was:\n got %+v\nwant %+v", after, before)
	}
	if c.check != nil {
		c.check(t, path)
	}
}

// openDir returns a new temporary directory that every user may reach (nobody runs the binary
// and reads files there).
func openDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		mustRun(t, "chmod", "0755", d)
	}
	return dir
}

// facts are what a replacement must keep of a file: its mode bits, owner, group, number of
// names, extended attributes (getfattr's dump of all of them, ACLs among them), and its inode.
type facts struct {
	mode     os.FileMode
	uid, gid uint32
	nlink    uint64
	attrs    string
	ino      uint64
}

func fileFacts(t *testing.T, path string) facts {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	dump, err := exec.Command("getfattr", "--absolute-names", "-d", "-m", "-", "-e", "hex", path).Output()
	if err != nil {
		t.Fatalf("getfattr: %v", err)
	}
	return facts{mode: fi.Mode(), uid: st.Uid, gid: st.Gid, nlink: st.Nlink, attrs: string(dump), ino: st.Ino}
}

func mustRun(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
