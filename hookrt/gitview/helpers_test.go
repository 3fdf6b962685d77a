//go:build unix

package gitview

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// needGit ends a test without git as testneed says.
func needGit(t testing.TB) {
	t.Helper()
	testneed.Program(t, "git")
}

// plainEnv is the environment of the tests' own git, as a user's: a home of its own with a
// global configuration, no system one.
func plainEnv(home string) []string {
	return []string{
		"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z",
	}
}

// repoKit lays out repositories for a test under one directory with one home.
type repoKit struct {
	t    testing.TB
	dir  string
	home string
}

func newKit(t testing.TB) *repoKit {
	t.Helper()
	needGit(t)
	dir := t.TempDir()
	k := &repoKit{t: t, dir: dir, home: filepath.Join(dir, "home")}
	if err := os.MkdirAll(filepath.Join(k.home, "no-template"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{
		{"user.name", "A"},
		{"user.email", "a@example.com"},
		{"init.defaultBranch", "main"},
		{"protocol.file.allow", "always"},
		{"init.templateDir", filepath.Join(k.home, "no-template")},
	} {
		k.git(k.dir, "config", "--global", kv[0], kv[1])
	}
	return k
}

// git runs git with args in dir as the user would, and returns its output; a failure fails the
// test.
func (k *repoKit) git(dir string, args ...string) string {
	k.t.Helper()
	out, err := k.run(dir, plainEnv(k.home), args...)
	if err != nil {
		k.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func (k *repoKit) run(dir string, env []string, args ...string) (string, error) {
	c := exec.Command("git", args...)
	c.Dir, c.Env = dir, env
	out, err := c.CombinedOutput()
	return string(out), err
}

// inView runs git with args in dir as the reviewer runs it: in the environment of w (its
// hardening and its variables) with the user's home.
func (k *repoKit) inView(w *View, dir string, args ...string) (string, error) {
	env := slices.Concat(plainEnv(k.home)[:3], Hardening(), w.Env())
	return k.run(dir, env, args...)
}

// write writes files (name → contents) under dir.
func (k *repoKit) write(dir string, files map[string]string) {
	k.t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			k.t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			k.t.Fatal(err)
		}
	}
}

// repo makes a repository at dir/name with a few commits, a tag, a branch, an upstream it is
// ahead of, a stash, a rename, uncommitted and untracked work, an ignored and an excluded file
// and ORIG_HEAD: what the reading commands show.
func (k *repoKit) repo(name string) string {
	k.t.Helper()
	r := filepath.Join(k.dir, name)
	k.git(k.dir, "init", "-q", r)
	k.write(r, map[string]string{"a.txt": "one\ntwo\n", "b.txt": "bee\n", "dir/c.txt": "sea\n", ".gitignore": "*.log\n"})
	k.git(r, "add", "-A")
	k.git(r, "commit", "-qm", "first")
	k.write(r, map[string]string{"a.txt": "one\ntwo\nthree\n"})
	k.git(r, "mv", "b.txt", "bee.txt")
	k.git(r, "commit", "-qam", "second")
	k.git(r, "tag", "v1")
	k.git(r, "branch", "side")
	// An upstream, one commit behind: git status counts ahead, @{u} resolves.
	k.git(k.dir, "clone", "-q", "--bare", r, filepath.Join(k.dir, name+"-up.git"))
	k.git(r, "remote", "add", "origin", filepath.Join(k.dir, name+"-up.git"))
	k.git(r, "fetch", "-q", "origin")
	k.git(r, "branch", "-q", "-u", "origin/main")
	k.git(r, "commit", "-q", "--allow-empty", "-m", "third")
	k.write(r, map[string]string{"a.txt": "one\ntwo\nthree\nfour\n"})
	k.git(r, "stash", "-q")
	k.write(r, map[string]string{"a.txt": "zero\none\ntwo\nthree\n", "new.txt": "new\n", "x.log": "ignored\n"})
	k.write(r, map[string]string{"dir/c.txt": "sea\nsalt\n"})
	k.git(r, "add", "dir/c.txt")
	// What the view copies: an exclude of the repository's own, and a pseudo-ref.
	k.write(r, map[string]string{".git/info/exclude": "*.tmp\n", "x.tmp": "excluded\n"})
	k.git(r, "update-ref", "ORIG_HEAD", "HEAD~1")
	return r
}

// testEnv is the outside world the tests build views in: this process's own (git on its PATH,
// its clock), the warnings dropped.
func testEnv() outside.Env { return outside.System(io.Discard) }

// build builds a view for dir under a directory of the test's, removed with the test.
func (k *repoKit) build(dir string) (*View, error) {
	k.t.Helper()
	w, err := Build(context.Background(), dir, filepath.Join(k.dir, "views"), testEnv())
	k.t.Cleanup(func() { _ = w.Remove() })
	return w, err
}

func (k *repoKit) mustBuild(dir string) *View {
	k.t.Helper()
	w, err := k.build(dir)
	if err != nil {
		k.t.Fatal(err)
	}
	return w
}
