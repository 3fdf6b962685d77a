package wall

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestParseSockets: the paths of /proc/net/unix, but for abstract sockets, the header, those the
// wall's fresh mounts hide, and the same path twice.
func TestParseSockets(t *testing.T) {
	table := `Num       RefCount Protocol Flags    Type St Inode Path
0000000000000001: 00000002 00000000 00010000 0001 01 150509 /var/lib/app/app.sock
0000000000000002: 00000002 00000000 00010000 0001 01 150510 @/tmp/.X11-unix/X0
0000000000000003: 00000003 00000000 00000000 0001 03 156732
0000000000000004: 00000002 00000000 00010000 0001 01 150511 /run/docker.sock
0000000000000005: 00000002 00000000 00010000 0001 01 150512 /home/u/.ssh/cm-u@host 22
0000000000000006: 00000002 00000000 00010000 0001 01 150513 /var/lib/app/app.sock
0000000000000007: 00000002 00000000 00010000 0001 01 150514 /tmp/x.sock
0000000000000008: 00000002 00000000 00010000 0001 01 150515 /var/run/y.sock
0000000000000009: 00000002 00000000 00010000 0001 01 150516 /dev/log
0000000000000010: 00000002 00000000 00010000 0001 01 150517 /var/tmp/z.sock
0000000000000011: 00000002 00000000 00010000 0001 01 150518 relative.sock
`
	want := []string{"/var/lib/app/app.sock", "/home/u/.ssh/cm-u@host 22"}
	if diff := cmp.Diff(want, parseSockets([]byte(table))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := parseSockets([]byte("Num RefCount Protocol Flags Type St Inode Path /not/a/socket\n")); got != nil {
		t.Errorf("the header read as a socket: %q", got)
	}
}

// TestCleanConfig: of a repository's configuration only its format version, object format and
// ref storage are taken, each only with a value git defines; hooks are off and the monitor too.
func TestCleanConfig(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // lines the clean one holds
		not      []string
	}{
		{
			"sha256 and reftable", "[core]\n\trepositoryformatversion = 1\n\tfsmonitor = ./evil\n[Extensions]\n\tobjectFormat = \"SHA256\"\n\trefstorage = reftable\n",
			[]string{"\trepositoryformatversion = 1\n", "\tobjectformat = sha256\n", "\trefstorage = reftable\n", "\thooksPath = /dev/null\n", "\tfsmonitor = false\n"},
			[]string{"evil"},
		},
		{
			"defaults", "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = x\n\tobjectformat = sha256\n",
			[]string{"\trepositoryformatversion = 0\n"},
			[]string{"[extensions]", "url", "sha256"},
		},
		{
			"values git does not define", "[core]\nrepositoryformatversion = 7\n[extensions]\nobjectformat = md5\nrefstorage = nfs\n[include]\npath = /elsewhere\n",
			[]string{"\trepositoryformatversion = 0\n"},
			[]string{"[extensions]", "md5", "nfs", "include", "elsewhere"},
		},
		{"a key outside its section", "objectformat = sha256\n[core]\n[extensions]\nworktreeconfig = true\n", nil, []string{"sha256", "worktreeconfig"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cleanConfig([]byte(tc.in))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("holds %q:\n%s", n, got)
				}
			}
		})
	}
}

// TestGitFixes: the configuration files git reads for the project's repository — its own .git,
// or a worktree's gitdir and the common directory it names — each with what the wall shows.
func TestGitFixes(t *testing.T) {
	root := t.TempDir()
	plain := filepath.Join(root, "plain")
	testfs.Write(t, filepath.Join(plain, ".git", "config"), "[core]\n\trepositoryformatversion = 1\n", 0o644)
	testfs.Write(t, filepath.Join(plain, ".git", "config.worktree"), "[core]\n\tfsmonitor = x\n", 0o644)
	got := gitFixes(plain)
	if len(got) != 2 || got[0].Path != filepath.Join(plain, ".git", "config") || !strings.Contains(got[0].Content, "repositoryformatversion = 1") ||
		got[1].Path != filepath.Join(plain, ".git", "config.worktree") || got[1].Content != "" {
		t.Errorf("a repository's own .git: %+v", got)
	}
	main := filepath.Join(root, "main")
	testfs.Write(t, filepath.Join(main, ".git", "config"), "[core]\n", 0o644)
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "commondir"), "../..\n", 0o644)
	wt := filepath.Join(root, "wt")
	testfs.Write(t, filepath.Join(wt, ".git"), "gitdir: ../main/.git/worktrees/wt\n", 0o644)
	got = gitFixes(wt)
	if len(got) != 1 || got[0].Path != filepath.Join(main, ".git", "config") {
		t.Errorf("a worktree: %+v", got)
	}
	testfs.Write(t, filepath.Join(root, "odd", ".git"), "not a pointer\n", 0o644)
	if got := gitFixes(filepath.Join(root, "odd")); got != nil {
		t.Errorf("a .git file that names nothing: %+v", got)
	}
	if got := gitFixes(filepath.Join(root, "none")); got != nil {
		t.Errorf("no repository: %+v", got)
	}
}

// TestScratchBase: the layers' writes go to a temporary directory outside the project and the
// home directory (an overlay refuses an upper layer inside its lower one).
func TestScratchBase(t *testing.T) {
	root := t.TempDir()
	proj, home, other := filepath.Join(root, "proj"), filepath.Join(root, "home"), filepath.Join(root, "other")
	for _, d := range []string{proj, home, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		scratch, want string
	}{
		{other, other},
		{filepath.Join(proj, "tmp"), ""},
		{home, ""},
		{filepath.Join(root, "missing"), ""},
	} {
		got, err := scratchBase(Spec{Project: proj, Home: home, Scratch: tc.scratch})
		if got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("Scratch %s: %q, %v; want %q", tc.scratch, got, err, tc.want)
		}
	}
	// Without Scratch: the TMPDIR of the environment the check is run with, not this process's.
	t.Setenv("TMPDIR", home)
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"TMPDIR=" + other}, other},
		{[]string{"TMPDIR=/elsewhere", "TMPDIR=" + other}, other},
		{[]string{"TMPDIR=" + filepath.Join(proj, "tmp")}, "/var/tmp"},
		{nil, "/var/tmp"},
	} {
		if got, err := scratchBase(Spec{Project: proj, Home: home, Env: tc.env}); got != tc.want && (tc.want != "/var/tmp" || got != "/tmp") {
			t.Errorf("Env %q: %q, %v; want %q", tc.env, got, err, tc.want)
		}
	}
}

// TestOwnDirRefusesAnotherUsersOrALink: the parent of the scratch directories is used only when
// it is this user's own directory that no one else may write to, reached without a link; else a
// fresh one is made beside it.
func TestOwnDirRefusesAnotherUsersOrALink(t *testing.T) {
	root := t.TempDir()
	mine := filepath.Join(root, "mine")
	if got, err := ownDir(mine); err != nil || got != mine {
		t.Fatalf("a new one: %q, %v", got, err)
	}
	open := filepath.Join(root, "open")
	if err := os.Mkdir(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(mine, link); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{open, link} {
		got, err := ownDir(dir)
		if err != nil || got == dir || !strings.HasPrefix(filepath.Base(got), filepath.Base(dir)+"-") {
			t.Errorf("%s: %q, %v; want a fresh one beside it", dir, got, err)
		}
	}
}

// TestSweepRemovesWhatNoWallHolds: a scratch directory a killed hook left (nobody holds its lock)
// is removed by the next wall, unreadable directories and all; one a wall holds stays.
func TestSweepRemovesWhatNoWallHolds(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return // root removes an unreadable directory without opening it first
	}
	parent := t.TempDir()
	left := filepath.Join(parent, "wall-left")
	testfs.Write(t, filepath.Join(left, "p", "u", "deep", "f"), "x", 0o644)
	if err := os.Chmod(filepath.Join(left, "p", "u", "deep"), 0); err != nil {
		t.Fatal(err)
	}
	held := filepath.Join(parent, "wall-held")
	if err := os.Mkdir(held, 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	sweep(parent)
	if _, err := os.Lstat(left); !os.IsNotExist(err) {
		t.Errorf("the left scratch is still there: %v", err)
	}
	if _, err := os.Lstat(held); err != nil {
		t.Errorf("the held scratch went: %v", err)
	}
}

// TestRunWithoutTimeout: a Spec without a timeout runs its command to its end.
func TestRunWithoutTimeout(t *testing.T) {
	needWall(t)
	dir := t.TempDir()
	start := time.Now()
	res, err := Run(context.Background(), Spec{Project: dir, Dir: dir, Command: "sleep 0.3; echo done"})
	if err != nil || res.TimedOut || res.ExitCode != 0 || strings.TrimSpace(string(res.Output)) != "done" || time.Since(start) < 300*time.Millisecond {
		t.Errorf("%+v, %v", res, err)
	}
}

// TestTimeoutEndsEverything: at its timeout the command and what it started end; the result
// says timed out, with what it printed.
func TestTimeoutEndsEverything(t *testing.T) {
	needWall(t)
	dir := t.TempDir()
	start := time.Now()
	res, err := Run(context.Background(), Spec{Project: dir, Dir: dir, Command: "echo started; sleep 100 & sleep 100", Timeout: 500 * time.Millisecond})
	if err != nil || !res.TimedOut || res.ExitCode != -1 || !strings.Contains(string(res.Output), "started") || time.Since(start) > 20*time.Second {
		t.Errorf("%+v, %v after %s", res, err, time.Since(start))
	}
}

// TestScratchHeldWhileTheWallStands: a wall's scratch directory is locked while it stands, so
// another wall's sweep leaves it; its upper layers have the modes of the directories they cover.
func TestScratchHeldWhileTheWallStands(t *testing.T) {
	root := t.TempDir()
	proj, home, base := filepath.Join(root, "proj"), filepath.Join(root, "home"), filepath.Join(root, "tmp")
	for d, mode := range map[string]os.FileMode{proj: 0o751, home: 0o710, base: 0o755} {
		if err := os.Mkdir(d, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, mode); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := newScratch(Spec{Project: proj, Home: home, Scratch: base})
	if err != nil {
		t.Fatal(err)
	}
	defer sc.remove()
	sweep(filepath.Dir(sc.dir))
	if _, err := os.Stat(sc.dir); err != nil {
		t.Fatalf("another wall's sweep removed a standing wall's scratch: %v", err)
	}
	for layer, want := range map[string]os.FileMode{"p": 0o751, "h": 0o710} {
		if fi, err := os.Stat(filepath.Join(sc.dir, layer, "u")); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s/u: %v, %v; want mode %v", layer, fi.Mode(), err, want)
		}
	}
	noHome, err := newScratch(Spec{Project: proj, Scratch: base})
	if err != nil {
		t.Fatal(err)
	}
	defer noHome.remove()
	if fi, _ := os.Stat(filepath.Join(noHome.dir, "h", "u")); fi.Mode().Perm() != 0o700 {
		t.Errorf("h/u without a home: %v", fi.Mode())
	}
	sc.remove()
	if _, err := os.Lstat(sc.dir); !os.IsNotExist(err) {
		t.Errorf("removed scratch: %v", err)
	}
}
