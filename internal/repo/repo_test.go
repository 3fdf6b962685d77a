package repo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestFind: from a directory below a work tree, its .git; from a linked worktree, its git
// directory and the common one; a .git directory git does not take is walked past, and a .git
// file naming no git directory is an error, as in git.
func TestFind(t *testing.T) {
	root := t.TempDir()
	main := filepath.Join(root, "main")
	testfs.GitDir(t, filepath.Join(main, ".git"))
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "HEAD"), "ref: refs/heads/wt\n", 0o644)
	testfs.Write(t, filepath.Join(main, ".git", "worktrees", "wt", "commondir"), "../..\n", 0o644)
	testfs.Write(t, filepath.Join(root, "wt", ".git"), "gitdir: ../main/.git/worktrees/wt\n", 0o644)
	if err := os.MkdirAll(filepath.Join(main, "sub", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	testfs.Write(t, filepath.Join(root, "odd", ".git"), "gitdir: ../nowhere\n", 0o644)
	for dir, want := range map[string]Repo{
		filepath.Join(main, "sub"):  {GitDir: filepath.Join(main, ".git"), Common: filepath.Join(main, ".git"), WorkTree: main},
		filepath.Join(root, "wt"):   {GitDir: filepath.Join(main, ".git", "worktrees", "wt"), Common: filepath.Join(main, ".git"), WorkTree: filepath.Join(root, "wt")},
		filepath.Join(main, ".git"): {GitDir: filepath.Join(main, ".git"), Common: filepath.Join(main, ".git")},
	} {
		got, err := Find(dir)
		if diff := cmp.Diff(want, got); err != nil || diff != "" {
			t.Errorf("Find(%s): %v (-want +got):\n%s", dir, err, diff)
		}
	}
	if _, err := Find(filepath.Join(root, "odd")); err == nil {
		t.Error("a .git file naming no git directory: no error")
	}
}

// TestParseConfig: git reads the file, comments, quotes and continued lines included, and
// nothing else: an include is not followed, and the configuration of the repository git is
// started in is not read.
func TestParseConfig(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		testneed.Missing(t, "git is not installed")
		return
	}
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "inc"), "[core]\n\tpager = included\n", 0o644)
	t.Chdir(dir)
	if out, err := exec.Command(git, "init", "-q", ".").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	testfs.Append(t, filepath.Join(dir, ".git", "config"), "[core]\n\tpager = the repository's\n")
	data := "[core]\n\trepositoryformatversion = 1 ; a comment\n\tpager = \"a \\\"b\\\"\" # c\n[include]\n\tpath = inc\n[Extensions] objectFormat = sha2\\\n56\n"
	got, err := ParseConfig(context.Background(), git, []byte(data), `^(core\.|extensions\.)`)
	want := []Pair{{"core.repositoryformatversion", "1"}, {"core.pager", `a "b"`}, {"extensions.objectformat", "sha256"}}
	if diff := cmp.Diff(want, got); err != nil || diff != "" {
		t.Errorf("ParseConfig: %v (-want +got):\n%s", err, diff)
	}
	if got, err := ParseConfig(context.Background(), git, []byte(data), `^remote\.`); err != nil || got != nil {
		t.Errorf("no key matches: %v, %v", got, err)
	}
	if _, err := ParseConfig(context.Background(), git, []byte("[unclosed\n"), `.`); err == nil {
		t.Error("a file git cannot read: no error")
	}
}

// TestWithoutGitVars: every variable git reads goes, whatever the case of its name; the rest
// stays, in order.
func TestWithoutGitVars(t *testing.T) {
	got := WithoutGitVars([]string{"A=1", "GIT_DIR=/x", "git_exec_path=/y", "GITX=2", "B=GIT_DIR=3", "Git_Config_Parameters='a.b=c'"})
	if diff := cmp.Diff([]string{"A=1", "GITX=2", "B=GIT_DIR=3"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestReadHead: HEAD as git validates it, as the line to write: a symbolic ref (spaces after
// "ref:" dropped), an object name, a link into refs/; anything else is an error.
func TestReadHead(t *testing.T) {
	dir := t.TempDir()
	sha := "0123456789abcdef0123456789abcdef01234567"
	for content, want := range map[string]string{
		"ref: refs/heads/main\n":                   "ref: refs/heads/main\n",
		"ref:\trefs/heads/x\r\n":                   "ref: refs/heads/x\n",
		sha + "\n":                                 sha + "\n",
		"ref: heads/main\n":                        "",
		sha[:39] + "\n":                            "",
		"0123456789ABCDEF0123456789abcdef01234567": "",
	} {
		testfs.Write(t, filepath.Join(dir, "HEAD"), content, 0o644)
		got, err := ReadHead(dir)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("HEAD %q: %q, %v; want %q", content, got, err, want)
		}
	}
	if err := os.Remove(filepath.Join(dir, "HEAD")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("refs/heads/main", filepath.Join(dir, "HEAD")); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadHead(dir); got != "ref: refs/heads/main\n" || err != nil {
		t.Errorf("HEAD a link into refs/: %q, %v", got, err)
	}
	if _, err := ReadHead(t.TempDir()); err == nil {
		t.Error("no HEAD: no error")
	}
}
