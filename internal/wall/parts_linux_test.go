package wall

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

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

// TestRepositoryOf: the configuration files git reads for the project's repository — its own
// .git, or a worktree's gitdir and the common directory it names — each with what the wall shows,
// and the git directories outside the project, which the wall shows through layers of their own.
func TestRepositoryOf(t *testing.T) {
	root := t.TempDir()
	plain := filepath.Join(root, "plain")
	testfs.Write(t, filepath.Join(plain, ".git", "config"), "[core]\n\trepositoryformatversion = 1\n", 0o644)
	testfs.Write(t, filepath.Join(plain, ".git", "config.worktree"), "[core]\n\tfsmonitor = x\n", 0o644)
	outside, got := repositoryOf(plain)
	if len(outside) != 0 || len(got) != 2 || got[0].Path != filepath.Join(plain, ".git", "config") || !strings.Contains(got[0].Content, "repositoryformatversion = 1") ||
		got[1].Path != filepath.Join(plain, ".git", "config.worktree") || got[1].Content != "" {
		t.Errorf("a repository's own .git: %q, %+v", outside, got)
	}
	main := filepath.Join(root, "main")
	testfs.Write(t, filepath.Join(main, ".git", "config"), "[core]\n", 0o644)
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "commondir"), "../..\n", 0o644)
	wt := filepath.Join(root, "wt")
	testfs.Write(t, filepath.Join(wt, ".git"), "gitdir: ../main/.git/worktrees/wt\n", 0o644)
	outside, got = repositoryOf(wt)
	want := []string{filepath.Join(main, ".git", "worktrees", "wt"), filepath.Join(main, ".git")}
	if diff := cmp.Diff(want, outside); diff != "" || len(got) != 1 || got[0].Path != filepath.Join(main, ".git", "config") {
		t.Errorf("a worktree: %+v; git directories (-want +got):\n%s", got, diff)
	}
	testfs.Write(t, filepath.Join(root, "odd", ".git"), "not a pointer\n", 0o644)
	if outside, got := repositoryOf(filepath.Join(root, "odd")); got != nil || outside != nil {
		t.Errorf("a .git file that names nothing: %q, %+v", outside, got)
	}
	if outside, got := repositoryOf(filepath.Join(root, "none")); got != nil || outside != nil {
		t.Errorf("no repository: %q, %+v", outside, got)
	}
	testfs.Write(t, filepath.Join(root, "proc", ".git"), "gitdir: /proc/self\n", 0o644)
	if outside, _ := repositoryOf(filepath.Join(root, "proc")); outside != nil {
		t.Errorf("a git directory in /proc became a layer: %q", outside)
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
