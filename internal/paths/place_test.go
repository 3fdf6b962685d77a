package paths

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// layout makes, under a fresh directory, what git makes for a repository R with a linked
// worktree R-feature and a submodule R/sub, and a plain directory: the .git directory and files,
// commondir and gitdir as git writes them. It returns the directory, links resolved.
func layout(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"R/.git/worktrees/R-feature", "R/.git/modules/sub", "R/src", "R/sub/src", "R-feature/src", "plain/src", "home", "R/.claude"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	testfs.Write(t, filepath.Join(root, "R-feature", ".git"), "gitdir: "+filepath.Join(root, "R", ".git", "worktrees", "R-feature")+"\n", 0o644)
	testfs.Write(t, filepath.Join(root, "R", ".git", "worktrees", "R-feature", "commondir"), "../..\n", 0o644)
	testfs.Write(t, filepath.Join(root, "R", ".git", "worktrees", "R-feature", "gitdir"), filepath.Join(root, "R-feature", ".git")+"\n", 0o644)
	testfs.Write(t, filepath.Join(root, "R", "sub", ".git"), "gitdir: ../.git/modules/sub\n", 0o644)
	return root
}

// TestLocalRoot: the directory whose local settings Claude Code reads, as docs/claude-code.md
// tables it ("Which settings files Claude Code reads"), for each place the end-to-end test
// TestWhereClaudeCodeReadsSettings starts the real one in.
func TestLocalRoot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code on Windows reads the local settings of the directory it is started in alone")
	}
	root := layout(t)
	home := filepath.Join(root, "home")
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }

	// A home directory that is not there (whose real path cannot be had) makes Claude Code stay
	// in the directory it is started in.
	if got := (Place{Dir: filepath.Join(root, "R", "src"), Getenv: func(string) string { return filepath.Join(root, "none") }}).LocalRoot(); got != filepath.Join(root, "R", "src") {
		t.Errorf("with no home directory, LocalRoot() = %q, want the directory itself", got)
	}
	at := func(rel string) string { return filepath.Join(root, rel) }
	for _, tt := range []struct {
		name, dir string
		want      []string
	}{
		{"outside a repository", "plain/src", []string{"plain/src"}},
		{"at the top of a repository", "R", []string{"R"}},
		{"below the top", "R/src", []string{"R", "R/src"}},
		{"below the top of a linked worktree: the main work tree", "R-feature/src", []string{"R", "R-feature/src"}},
		{"at the top of a linked worktree", "R-feature", []string{"R", "R-feature"}},
		{"below the top of a submodule: its own top", "R/sub/src", []string{"R/sub", "R/sub/src"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := Place{Dir: at(tt.dir), Getenv: getenv}
			var want []string
			for _, w := range tt.want {
				want = append(want, LocalFile(at(w)))
			}
			if got := p.LocalFiles(); !slices.Equal(got, want) {
				t.Errorf("LocalFiles() in %s = %q, want %q", tt.dir, got, want)
			}
		})
	}

	// GIT_DIR and GIT_WORK_TREE are not asked: Claude Code walks up to .git.
	t.Setenv("GIT_DIR", at("R/.git"))
	t.Setenv("GIT_WORK_TREE", at("R"))
	if got := (Place{Dir: at("plain/src"), Getenv: getenv}).LocalRoot(); got != at("plain/src") {
		t.Errorf("with GIT_DIR exported, LocalRoot() = %q, want the directory itself", got)
	}
}

// TestLocalRootNotAtHome: a repository whose top is the home directory (dotfiles kept in git)
// is not where Claude Code reads the local settings of a directory below it; started at the
// home directory itself, the top is the directory it is started in.
func TestLocalRootNotAtHome(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(home, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(home, "proj", "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	if got := (Place{Dir: src, Getenv: getenv}).LocalFiles(); !slices.Equal(got, []string{LocalFile(src)}) {
		t.Errorf("below a home that is a repository: LocalFiles() = %q, want only the directory's own", got)
	}
	if got := (Place{Dir: home, Getenv: getenv}).LocalFiles(); !slices.Equal(got, []string{LocalFile(home)}) {
		t.Errorf("at the home directory: LocalFiles() = %q, want the home's own", got)
	}
}

// TestLocalRootOwnedByAnother: Claude Code does not take the top of a repository whose .git
// belongs to another user: it reads the local settings of the directory it is started in.
func TestLocalRootOwnedByAnother(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	root := layout(t)
	home := filepath.Join(root, "home")
	if err := os.Lchown(filepath.Join(root, "R", ".git"), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "R", "src")
	if got := (Place{Dir: dir, Getenv: func(string) string { return home }}).LocalRoot(); got != dir {
		t.Errorf("LocalRoot() = %q, want %q: the top's .git is another user's", got, dir)
	}
}

// TestMainWorkTreeWithGit: the layout MainWorkTree follows is git's own, for a worktree made by
// git worktree add.
func TestMainWorkTreeWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not installed")
		return
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo, wt := filepath.Join(root, "R"), filepath.Join(root, "R-feature")
	for _, args := range [][]string{{"init", "-q", repo}, {"-C", repo, "commit", "-q", "--allow-empty", "-m", "x"}, {"-C", repo, "worktree", "add", "-q", wt}} {
		c := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if got := MainWorkTree(GitTop(wt)); got != repo {
		t.Errorf("MainWorkTree(%s) = %q, want %q", wt, got, repo)
	}
	if got := MainWorkTree(repo); got != repo {
		t.Errorf("MainWorkTree(%s) = %q, want itself", repo, got)
	}
}

// TestMainWorkTreeRefusesAMismatch: a .git file whose worktree record does not lead back to it
// (a copied worktree, a gitdir edited by hand) makes its own directory the top.
func TestMainWorkTreeRefusesAMismatch(t *testing.T) {
	root := layout(t)
	testfs.Write(t, filepath.Join(root, "R", ".git", "worktrees", "R-feature", "gitdir"), filepath.Join(root, "elsewhere", ".git")+"\n", 0o644)
	if got := MainWorkTree(filepath.Join(root, "R-feature")); got != filepath.Join(root, "R-feature") {
		t.Errorf("MainWorkTree = %q, want the worktree's own top", got)
	}
}

// TestClaudeDir: CLAUDE_CONFIG_DIR and HOME as Claude Code takes them, from the directory it is
// started in: nothing expanded, a relative value from there.
func TestClaudeDir(t *testing.T) {
	dir := filepath.FromSlash("/work/proj")
	for _, tt := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"absolute", map[string]string{"CLAUDE_CONFIG_DIR": "/cfg", "HOME": "/home/u"}, "/cfg"},
		{"relative", map[string]string{"CLAUDE_CONFIG_DIR": "cfg", "HOME": "/home/u"}, "/work/proj/cfg"},
		{"a tilde is a name", map[string]string{"CLAUDE_CONFIG_DIR": "~/cfg", "HOME": "/home/u"}, "/work/proj/~/cfg"},
		{"unset", map[string]string{"HOME": "/home/u"}, "/home/u/.claude"},
		{"relative HOME", map[string]string{"HOME": "h"}, "/work/proj/h/.claude"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := Place{Dir: dir, Getenv: func(k string) string { return tt.env[k] }}
			if got := p.ClaudeDir(); got != filepath.FromSlash(tt.want) {
				t.Errorf("ClaudeDir() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLocalRootThroughALink: Claude Code walks up from its working directory as the kernel names
// it, every link resolved: started in a link to R/src, the top is R.
func TestLocalRootThroughALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Claude Code on Windows reads the local settings of the directory it is started in alone")
	}
	root := layout(t)
	link := filepath.Join(root, "plain", "to-src")
	if err := os.Symlink(filepath.Join(root, "R", "src"), link); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	if got := (Place{Dir: link, Getenv: func(string) string { return home }}).LocalRoot(); got != filepath.Join(root, "R") {
		t.Errorf("LocalRoot() through %s = %q, want the repository's top", link, got)
	}
}

// TestMainWorkTreeBoundsItsFiles: a .git file of at most maxGitFile bytes is followed, one larger
// is not (it holds no path git writes).
func TestMainWorkTreeBoundsItsFiles(t *testing.T) {
	root := layout(t)
	gitFile := filepath.Join(root, "R-feature", ".git")
	line := "gitdir: " + filepath.Join(root, "R", ".git", "worktrees", "R-feature")
	for _, tt := range []struct {
		size int
		want string
	}{{maxGitFile, filepath.Join(root, "R")}, {maxGitFile + 1, filepath.Join(root, "R-feature")}} {
		testfs.Write(t, gitFile, line+strings.Repeat(" ", tt.size-len(line)), 0o644)
		if got := MainWorkTree(filepath.Join(root, "R-feature")); got != tt.want {
			t.Errorf("a .git file of %d bytes: MainWorkTree = %q, want %q", tt.size, got, tt.want)
		}
	}
}
