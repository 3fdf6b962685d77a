//go:build unix

package gitview

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readingCommands are what a reviewer asks of git.
var readingCommands = [][]string{
	{"status"},
	{"status", "--short", "--branch"},
	{"status", "--porcelain=v2", "--untracked-files=all"},
	{"diff"},
	{"diff", "--cached"},
	{"diff", "HEAD~1"},
	{"diff", "--stat", "HEAD~1", "HEAD"},
	{"log", "-p"},
	{"log", "--oneline", "--decorate", "--all"},
	{"log", "--stat", "-M", "--format=%H %an %s"},
	{"log", "-g", "--oneline"},
	{"log", "HEAD@{1}", "-1", "--oneline"},
	{"show"},
	{"show", "HEAD~1:a.txt"},
	{"show", "--stat", "v1"},
	{"blame", "-s", "a.txt"}, // without -s, an uncommitted line shows the time of the run
	{"blame", "-L", "1,2", "--porcelain", "HEAD", "--", "a.txt"},
	{"shortlog", "-sn", "HEAD"},
	{"shortlog", "HEAD"},
	{"ls-files", "--stage"},
	{"ls-files", "--others", "--exclude-standard"},
	{"ls-tree", "-r", "HEAD"},
	{"branch", "-a", "-v"},
	{"tag", "--list"},
	{"stash", "list"},
	{"stash", "show", "-p"},
	{"rev-parse", "HEAD", "--abbrev-ref", "HEAD", "--show-toplevel"},
	{"describe", "--always", "--tags"},
	{"grep", "-n", "two"},
	{"cat-file", "-p", "HEAD"},
	{"merge-base", "HEAD", "side"},
	{"rev-list", "--count", "HEAD"},
	{"whatchanged", "-1"},
}

// sameAnswers fails the test unless every reading command gives, in dir, the same output and
// exit status through w as plain git gives, but those named in except.
func sameAnswers(t *testing.T, k *repoKit, w *View, dir string, except ...string) {
	t.Helper()
	for _, args := range readingCommands {
		if slices.Contains(except, strings.Join(args, " ")) {
			continue
		}
		want, wantErr := k.run(dir, plainEnv(k.home), args...)
		got, gotErr := k.inView(w, dir, args...)
		if diff := cmp.Diff(want, got); diff != "" || (wantErr == nil) != (gotErr == nil) {
			t.Errorf("git %s through the view (-plain +inView; errors %v, %v):\n%s", strings.Join(args, " "), wantErr, gotErr, diff)
		}
	}
}

// TestViewGivesPlainAnswers: on a benign repository the reading commands a reviewer needs give
// through the view what plain git gives — in the repository, in a subdirectory of it, in a
// linked worktree, in a repository whose .git is a file naming its git directory, in a shallow
// clone and in a SHA-256 repository — and git diff's index refresh writes the view's copy of
// the index, never the repository's.
func TestViewGivesPlainAnswers(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	index := filepath.Join(r, ".git", "index")
	before, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	w := k.mustBuild(r)
	sameAnswers(t, k, w, r)
	if _, err := k.inView(w, r, "diff"); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(index); !bytes.Equal(after, before) {
		t.Error("git diff through the view wrote the repository's index")
	}
	t.Run("subdirectory", func(t *testing.T) { sameAnswers(t, k, k.mustBuild(filepath.Join(r, "dir")), filepath.Join(r, "dir")) })
	t.Run("linked worktree", func(t *testing.T) {
		wt := filepath.Join(k.dir, "wt")
		k.git(r, "worktree", "add", "-q", wt, "side")
		k.write(wt, map[string]string{"a.txt": "changed in the worktree\n"})
		w := k.mustBuild(wt)
		if got := k.git(wt, "rev-parse", "--git-common-dir"); filepath.Clean(strings.TrimSpace(got)) != filepath.Join(r, ".git") {
			t.Fatalf("not a linked worktree of %s: %s", r, got)
		}
		// The view is a git directory of its own, with the worktree's HEAD: the branch the main
		// worktree has checked out is not marked + (checked out elsewhere) in git branch.
		sameAnswers(t, k, w, wt, "branch -a -v")
		if out, err := k.inView(w, wt, "branch", "--list", "side"); err != nil || out != "* side\n" {
			t.Errorf("git branch --list side in the worktree: %q, %v", out, err)
		}
	})
	t.Run("gitfile", func(t *testing.T) {
		sep := filepath.Join(k.dir, "sep")
		k.git(k.dir, "init", "-q", "--separate-git-dir", filepath.Join(k.dir, "sep.git"), sep)
		k.write(sep, map[string]string{"a.txt": "one\ntwo\n", "b.txt": "bee\n"})
		k.git(sep, "add", "-A")
		k.git(sep, "commit", "-qm", "first")
		k.git(sep, "commit", "-q", "--allow-empty", "-m", "second")
		k.git(sep, "tag", "v1")
		k.git(sep, "branch", "side")
		k.write(sep, map[string]string{"a.txt": "two\n"})
		sameAnswers(t, k, k.mustBuild(sep), sep)
	})
	t.Run("shallow clone", func(t *testing.T) {
		sh := filepath.Join(k.dir, "shallow")
		k.git(k.dir, "clone", "-q", "--depth", "1", "file://"+r, sh)
		k.write(sh, map[string]string{"a.txt": "changed\n"})
		sameAnswers(t, k, k.mustBuild(sh), sh)
	})
	t.Run("sha256", func(t *testing.T) {
		s := filepath.Join(k.dir, "s256")
		k.git(k.dir, "init", "-q", "--object-format=sha256", s)
		k.write(s, map[string]string{"a.txt": "one\ntwo\n"})
		k.git(s, "add", "-A")
		k.git(s, "commit", "-qm", "first")
		k.git(s, "commit", "-q", "--allow-empty", "-m", "second")
		k.git(s, "tag", "v1")
		k.git(s, "branch", "side")
		k.write(s, map[string]string{"a.txt": "two\n"})
		w := k.mustBuild(s)
		if cfg, _ := os.ReadFile(filepath.Join(w.Dir, "config")); !strings.Contains(string(cfg), "objectformat = sha256") {
			t.Errorf("the view's config does not declare SHA-256:\n%s", cfg)
		}
		sameAnswers(t, k, w, s)
	})
}

// TestViewOfABareRepository: a bare repository is read as bare, with no work tree.
func TestViewOfABareRepository(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	bare := filepath.Join(k.dir, "bare.git")
	k.git(k.dir, "clone", "-q", "--bare", r, bare)
	w := k.mustBuild(bare)
	if w.WorkTree != "" || strings.Contains(strings.Join(w.Env(), " "), "GIT_WORK_TREE") {
		t.Errorf("view of a bare repository: %+v, %q", w, w.Env())
	}
	for _, args := range [][]string{{"log", "--oneline", "--all"}, {"show", "v1"}, {"rev-parse", "--is-bare-repository"}} {
		want := k.git(bare, args...)
		if got, err := k.inView(w, bare, args...); err != nil || got != want {
			t.Errorf("git %s: %q, %v; want %q", strings.Join(args, " "), got, err, want)
		}
	}
}

// TestNoRepository: a directory in no repository has no view, and the git of a nil view fails
// there, saying it is not in a repository, as plain git does.
func TestNoRepository(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	dir := filepath.Join(k.dir, "plain")
	k.write(dir, map[string]string{"a.txt": "a\n"})
	w, err := k.build(dir)
	if !errors.Is(err, ErrNoRepository) || w != nil {
		t.Fatalf("Build in no repository = %v, %v; want ErrNoRepository", w, err)
	}
	out, err := k.inView(nil, dir, "status")
	if err == nil || !strings.Contains(out, "not a git repository") {
		t.Errorf("git status without a view: %q, %v; want it to fail", out, err)
	}
	if out, err := k.inView(nil, dir, "diff", "--no-index", "a.txt", "a.txt"); err != nil {
		t.Errorf("git diff --no-index without a view: %q, %v", out, err)
	}
	if entries, _ := os.ReadDir(filepath.Join(k.dir, "views")); len(entries) != 0 {
		t.Errorf("views left behind: %v", entries)
	}
}
