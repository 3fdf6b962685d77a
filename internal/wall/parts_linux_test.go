package wall

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestCleanConfig: of a repository's configuration only its format version, object format and
// ref storage are taken, each only with a value git defines, read as git reads them (a comment
// after a value, quotes, a continued line); hooks are off and the monitor too.
func TestCleanConfig(t *testing.T) {
	needGit(t)
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
		{
			"comments and quoting as git reads them", "[core]\n\trepositoryformatversion = 1 ; a comment\n[extensions] objectformat = sha2\\\n56 # too\n\trefstorage = \"files\"\n",
			[]string{"\trepositoryformatversion = 1\n", "\tobjectformat = sha256\n", "\trefstorage = files\n"},
			[]string{"comment", "too"},
		},
		{"the last value wins", "[core]\nrepositoryformatversion = 1\n[core]\nrepositoryformatversion = 0\n", []string{"\trepositoryformatversion = 0\n"}, nil},
		{"a key outside its section", "objectformat = sha256\n[core]\n[extensions]\nworktreeconfig = true\n", nil, []string{"sha256", "worktreeconfig"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cleanConfig(context.Background(), []byte(tc.in))
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

// TestRepositoryOf: the configuration files git reads for the project's repository — its own
// .git, or a worktree's gitdir and the common directory it names — each with what the wall shows,
// and the git directories outside the project, which the wall shows through layers of their own.
func TestRepositoryOf(t *testing.T) {
	root := t.TempDir()
	plain := filepath.Join(root, "plain")
	testfs.GitDir(t, filepath.Join(plain, ".git"))
	testfs.Write(t, filepath.Join(plain, ".git", "config"), "[core]\n\trepositoryformatversion = 1\n", 0o644)
	testfs.Write(t, filepath.Join(plain, ".git", "config.worktree"), "[core]\n\tfsmonitor = x\n", 0o644)
	outside, got := repositoryOf(context.Background(), plain)
	if len(outside) != 0 || len(got) != 2 || got[0].Path != filepath.Join(plain, ".git", "config") || !strings.Contains(got[0].Content, "repositoryformatversion = 1") ||
		got[1].Path != filepath.Join(plain, ".git", "config.worktree") || got[1].Content != "" {
		t.Errorf("a repository's own .git: %q, %+v", outside, got)
	}
	main := filepath.Join(root, "main")
	testfs.GitDir(t, filepath.Join(main, ".git"))
	testfs.Write(t, filepath.Join(main, ".git", "config"), "[core]\n", 0o644)
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "HEAD"), "ref: refs/heads/wt\n", 0o644)
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "commondir"), "../..\n", 0o644)
	wt := filepath.Join(root, "wt")
	testfs.Write(t, filepath.Join(wt, ".git"), "gitdir: ../main/.git/worktrees/wt\n", 0o644)
	outside, got = repositoryOf(context.Background(), wt)
	want := []string{filepath.Join(main, ".git", "worktrees", "wt"), filepath.Join(main, ".git")}
	if diff := cmp.Diff(want, outside); diff != "" || len(got) != 1 || got[0].Path != filepath.Join(main, ".git", "config") {
		t.Errorf("a worktree: %+v; git directories (-want +got):\n%s", got, diff)
	}
	testfs.Write(t, filepath.Join(root, "odd", ".git"), "not a pointer\n", 0o644)
	if outside, got := repositoryOf(context.Background(), filepath.Join(root, "odd")); got != nil || outside != nil {
		t.Errorf("a .git file that names nothing: %q, %+v", outside, got)
	}
	if outside, got := repositoryOf(context.Background(), filepath.Join(root, "none")); got != nil || outside != nil {
		t.Errorf("no repository: %q, %+v", outside, got)
	}
	testfs.Write(t, filepath.Join(root, "proc", ".git"), "gitdir: /proc/self\n", 0o644)
	if outside, _ := repositoryOf(context.Background(), filepath.Join(root, "proc")); outside != nil {
		t.Errorf("a git directory in /proc became a layer: %q", outside)
	}
}

// needGit skips or fails a test without the system's git, which reads a repository's
// configuration for the wall.
func needGit(t *testing.T) {
	t.Helper()
	if _, err := lookpath.Absolute("git", toolPath); err != nil {
		testneed.Missing(t, "git is not installed in "+toolPath)
	}
}

// TestOutermost: of the directories a wall shows through layers, one inside another is covered
// by the other's layer; the root never is a layer; shallowest first.
func TestOutermost(t *testing.T) {
	got := outermost([]string{"/home/u/src/p", "/home/u", "/work/main/.git/worktrees/x", "/work/main/.git", "/", "rel", "/home/u/"})
	if diff := cmp.Diff([]string{"/home/u", "/work/main/.git"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRunWithoutTimeout: a Spec without a timeout runs its command to its end.
func TestRunWithoutTimeout(t *testing.T) {
	testneed.Works(t, "wall", Probe(context.Background(), ""))
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
	testneed.Works(t, "wall", Probe(context.Background(), ""))
	dir := t.TempDir()
	start := time.Now()
	res, err := Run(context.Background(), Spec{Project: dir, Dir: dir, Command: "echo started; sleep 100 & sleep 100", Timeout: 500 * time.Millisecond})
	if err != nil || !res.TimedOut || res.ExitCode != -1 || !strings.Contains(string(res.Output), "started") || time.Since(start) > 20*time.Second {
		t.Errorf("%+v, %v after %s", res, err, time.Since(start))
	}
}

// TestUsernsRefusal: the cause and the fix of a refused user namespace, from what the kernel
// answered a trial and its settings: each cause by its errno and setting, and none where nothing
// refuses one.
func TestUsernsRefusal(t *testing.T) {
	settings := func(kv ...string) func(string) string {
		return func(name string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == name {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name  string
		read  func(string) string
		tried error
		want  string // a part of the cause; "" for none
	}{
		{"switched off", settings("user.max_user_namespaces", "0"), unix.ENOSPC, "switched off on this machine (user.max_user_namespaces = 0); to allow them: sysctl -w user.max_user_namespaces=10000"},
		{"limit reached", settings("user.max_user_namespaces", "7"), unix.ENOSPC, "the limit of user namespaces is reached (user.max_user_namespaces = 7,"},
		{"nested too deep", settings(), unix.EUSERS, "nested too deep"},
		{"Debian's switch", settings("kernel.unprivileged_userns_clone", "0"), unix.EPERM, "kernel.unprivileged_userns_clone = 0); to allow them: sysctl -w kernel.unprivileged_userns_clone=1"},
		{"a seccomp profile", settings("kernel.unprivileged_userns_clone", "1"), unix.EPERM, "a container's seccomp profile"},
		{"AppArmor", settings("kernel.apparmor_restrict_unprivileged_userns", "1"), nil, "AppArmor takes the capabilities"},
		{"nothing refuses", settings("kernel.apparmor_restrict_unprivileged_userns", "0"), nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := usernsRefusal(tc.read, tc.tried)
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q in it", got, tc.want)
			}
		})
	}
}

// TestLayoutOf: the fstab of a wall mounts, below /tmp, the system directories read-only (a link
// among them left to the stage), each layer from its descriptor, /dev's nodes, the
// pseudo-terminals and /proc, every one nosuid, and nodev but /dev's nodes and devpts, with the
// layers' own directory covered last; a path's spaces are escaped as libmount reads them.
func TestLayoutOf(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "my project")
	home := filepath.Join(root, "home")
	testfs.GitDir(t, filepath.Join(proj, ".git"))
	testfs.Write(t, filepath.Join(proj, ".git", "config"), "[core]\n", 0o644)
	testfs.Write(t, filepath.Join(home, ".ssh", "id"), "key", 0o600)
	l := layoutOf(context.Background(), Spec{Project: proj, Home: home, Hidden: []string{".config/tool/token"}, Env: []string{"XDG_RUNTIME_DIR=/run/user/7"}})
	if len(l.layers) != 2 || !slices.Contains(l.layers, proj) || !slices.Contains(l.layers, home) {
		t.Errorf("layers %q", l.layers)
	}
	lines := strings.Split(strings.TrimSpace(l.fstab.String()), "\n")
	esc := strings.ReplaceAll("/tmp"+proj, " ", `\040`)
	var cow bool
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) != 6 {
			t.Fatalf("line %q", line)
		}
		opts := "," + f[3] + ","
		node := f[2] == "none" || f[2] == "devpts"
		if !strings.Contains(opts, ",nosuid,") || !node && !strings.Contains(opts, ",nodev,") {
			t.Errorf("%q is not nosuid and nodev", line)
		}
		if f[1] == esc {
			cow = strings.Contains(f[3], "lowerdir=/proc/self/fd/") && strings.Contains(f[3], "upperdir=/tmp/.l/")
		}
	}
	if !cow {
		t.Errorf("no layer over %s (escaped %s):\n%s", proj, esc, l.fstab.String())
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "ccc-hooks-wall /tmp/.l tmpfs ro,") {
		t.Errorf("the layers' directory is not covered last: %q", last)
	}
	for _, want := range [][]string{
		{"dir", "/run/user/7"},
		{"empty", filepath.Join(home, ".ssh")},
		{"empty", filepath.Join(home, ".config", "tool", "token")},
		{"file", filepath.Join(proj, ".git", "config")},
	} {
		found := false
		for j := 0; j+1 < len(l.steps); j++ {
			found = found || l.steps[j] == want[0] && l.steps[j+1] == want[1]
		}
		if !found {
			t.Errorf("no step %q in %q", want, l.steps)
		}
	}
	if got := fstabField("a b\tc\nd\\e"); got != `a\040b\011c\012d\134e` {
		t.Errorf("fstabField: %q", got)
	}
}

// TestAtLeast: a kernel release against a version, its extra words ignored.
func TestAtLeast(t *testing.T) {
	for release, want := range map[string]bool{
		"6.14.0": true, "6.18.44-fc-v1045": true, "7.0": true, "6.13.9": false, "5.15.0-91-generic": false,
		"6.14-rc1": true, "6": false, "x.y": false,
	} {
		if got := atLeast(release, 6, 14); got != want {
			t.Errorf("atLeast(%q, 6, 14) = %v", release, got)
		}
	}
}
