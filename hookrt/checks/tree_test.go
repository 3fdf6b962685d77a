package checks

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestFingerprintSeesTheWorkTree: the fingerprint moves with what a check could see of the work
// tree, tracked or not, and stays while only git's own bookkeeping changes.
func TestFingerprintSeesTheWorkTree(t *testing.T) {
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "a.txt"), "a", 0o644)
	testfs.Write(t, filepath.Join(dir, "sub", "b.txt"), "b", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "index"), "index", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "refs", "heads", "main"), "1111\n", 0o644)
	testfs.Write(t, filepath.Join(dir, "vendor", "dep", ".git", "index"), "nested", 0o644)
	base := Fingerprint(dir)
	if base.Sum == "" || base.Files == 0 {
		t.Fatalf("no fingerprint: %+v", base)
	}
	same := []struct {
		what   string
		change func()
	}{
		{"nothing", func() {}},
		{"git's index rewritten", func() { testfs.Write(t, filepath.Join(dir, ".git", "index"), "index 2", 0o644) }},
		{"an object added", func() { testfs.Write(t, filepath.Join(dir, ".git", "objects", "ab", "cd"), "o", 0o644) }},
		{"a nested repository's index", func() { testfs.Write(t, filepath.Join(dir, "vendor", "dep", ".git", "index"), "n2", 0o644) }},
	}
	for _, tc := range same {
		tc.change()
		if got := Fingerprint(dir).Sum; got != base.Sum {
			t.Errorf("%s changed the fingerprint", tc.what)
		}
	}
	moved := []struct {
		what   string
		change func()
	}{
		{"a file written", func() { testfs.Write(t, filepath.Join(dir, "sub", "b.txt"), "B", 0o644) }},
		{"an untracked file", func() { testfs.Write(t, filepath.Join(dir, "new"), "", 0o644) }},
		{"a file removed", func() { os.Remove(filepath.Join(dir, "new")) }},
		{"a rename", func() { must(t, os.Rename(filepath.Join(dir, "a.txt"), filepath.Join(dir, "c.txt"))) }},
		{"a mode", func() { must(t, os.Chmod(filepath.Join(dir, "c.txt"), 0o600)) }},
		{"a commit", func() { testfs.Write(t, filepath.Join(dir, ".git", "refs", "heads", "main"), "2222\n", 0o644) }},
		{"a checkout", func() { testfs.Write(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/x\n", 0o644) }},
		{"an empty directory", func() { must(t, os.Mkdir(filepath.Join(dir, "empty"), 0o755)) }},
		{"a link", func() { must(t, os.Symlink("c.txt", filepath.Join(dir, "l"))) }},
	}
	prev := Fingerprint(dir).Sum
	for _, tc := range moved {
		tc.change()
		got := Fingerprint(dir).Sum
		if got == prev {
			t.Errorf("%s kept the fingerprint", tc.what)
		}
		prev = got
	}
}

// TestFingerprintNeverOpensAFIFO: a FIFO in the tree is taken by lstat, never opened (which
// would hang the hook).
func TestFingerprintNeverOpensAFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "fifo")); err != nil {
		t.Skip(err)
	}
	if tr := Fingerprint(dir); tr.Sum == "" || tr.Files != 2 {
		t.Errorf("%+v", tr)
	}
}

// TestFingerprintOfAnUnreadableTree: a directory the walk cannot read leaves no fingerprint, so
// nothing is reused.
func TestFingerprintOfAnUnreadableTree(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return // root reads every directory
	}
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "locked", "x"), "", 0o644)
	must(t, os.Chmod(filepath.Join(dir, "locked"), 0))
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(dir, "locked"), 0o755) })
	if tr := Fingerprint(dir); tr.Sum != "" || tr.Why == "" {
		t.Errorf("%+v", tr)
	}
}

// TestProjectOf: the nearest directory holding .git, looked for up to (not into) the home
// directory; else the directory itself.
func TestProjectOf(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	testfs.Write(t, filepath.Join(home, ".git", "HEAD"), "", 0o644)
	testfs.Write(t, filepath.Join(home, "repo", ".git"), "gitdir: /elsewhere\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(home, "repo", "a", "b"), 0o755))
	must(t, os.MkdirAll(filepath.Join(home, "plain", "c"), 0o755))
	for dir, want := range map[string]string{
		filepath.Join(home, "repo", "a", "b"): filepath.Join(home, "repo"),
		filepath.Join(home, "repo"):           filepath.Join(home, "repo"),
		filepath.Join(home, "plain", "c"):     filepath.Join(home, "plain", "c"),
		home:                                  home,
	} {
		if got := ProjectOf(dir, home); got != want {
			t.Errorf("ProjectOf(%s) = %s, want %s", dir, got, want)
		}
	}
}
