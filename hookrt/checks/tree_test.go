package checks

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestFingerprintSeesTheWorkTree: the fingerprint moves with what a check could see of the work
// tree, tracked or not, and stays while only git's own objects change.
func TestFingerprintSeesTheWorkTree(t *testing.T) {
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "a.txt"), "a", 0o644)
	testfs.Write(t, filepath.Join(dir, "sub", "b.txt"), "b", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "index"), "index", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "refs", "heads", "main"), "1111\n", 0o644)
	testfs.Write(t, filepath.Join(dir, "vendor", "dep", ".git", "index"), "nested", 0o644)
	base := Fingerprint(dir, time.Now)
	if base.Sum == "" || base.Files == 0 {
		t.Fatalf("no fingerprint: %+v", base)
	}
	same := []struct {
		what   string
		change func()
	}{
		{"nothing", func() {}},
		{"an object added", func() { testfs.Write(t, filepath.Join(dir, ".git", "objects", "ab", "cd"), "o", 0o644) }},
		{"a nested repository's index", func() { testfs.Write(t, filepath.Join(dir, "vendor", "dep", ".git", "index"), "n2", 0o644) }},
	}
	for _, tc := range same {
		tc.change()
		if got := Fingerprint(dir, time.Now).Sum; got != base.Sum {
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
	prev := Fingerprint(dir, time.Now).Sum
	for _, tc := range moved {
		tc.change()
		got := Fingerprint(dir, time.Now).Sum
		if got == prev {
			t.Errorf("%s kept the fingerprint", tc.what)
		}
		prev = got
	}
}

// TestFingerprintSeesStagingAndLinkTargets: what a check can read beside the work tree moves the
// fingerprint too. Staging a file (git add, which writes .git/index) changes what `git diff
// --cached --check` sees; a link's target changes what a check that reads the link sees, in .git
// or outside the project, though the link itself is the same.
func TestFingerprintSeesStagingAndLinkTargets(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "data.txt")
	testfs.Write(t, outside, "1", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "index"), "index", 0o644)
	testfs.Write(t, filepath.Join(dir, ".git", "info", "exclude"), "x", 0o644)
	must(t, os.Symlink(".git/info/exclude", filepath.Join(dir, "into-git")))
	must(t, os.Symlink(outside, filepath.Join(dir, "outside")))
	prev := Fingerprint(dir, time.Now).Sum
	for _, tc := range []struct {
		what   string
		change func()
	}{
		{"staging (.git/index written)", func() { testfs.Write(t, filepath.Join(dir, ".git", "index"), "index 2", 0o644) }},
		{"a link's target in .git", func() { testfs.Write(t, filepath.Join(dir, ".git", "info", "exclude"), "y", 0o644) }},
		{"a link's target outside the project", func() { testfs.Write(t, outside, "22", 0o644) }},
		{"a link's target gone", func() { must(t, os.Remove(outside)) }},
	} {
		tc.change()
		got := Fingerprint(dir, time.Now).Sum
		if got == "" || got == prev {
			t.Errorf("%s kept the fingerprint", tc.what)
		}
		prev = got
	}
}

// TestFingerprintTimeBound: a walk that runs past MaxTreeTime on the clock it is given ends with
// no fingerprint, saying why; one within it has one, and its time read on that clock.
func TestFingerprintTimeBound(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a", "b", "c"} {
		testfs.Write(t, filepath.Join(dir, f), f, 0o644)
	}
	start := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		step    time.Duration
		summed  bool
		elapsed time.Duration
	}{
		{500 * time.Millisecond, true, 2500 * time.Millisecond}, // a tick for the start, each of 4 entries and the end
		{MaxTreeTime, false, 3 * MaxTreeTime},
	} {
		ticks := 0
		clock := func() time.Time { ticks++; return start.Add(time.Duration(ticks-1) * tc.step) }
		tr := Fingerprint(dir, clock)
		if (tr.Sum != "") != tc.summed || tr.Elapsed != tc.elapsed || (tr.Why == "") != tc.summed {
			t.Errorf("a step of %s: %+v; want a fingerprint %v after %s", tc.step, tr, tc.summed, tc.elapsed)
		}
	}
}

// TestFingerprintNeverOpensAFIFO: a FIFO in the tree is taken by lstat, never opened (which
// would hang the hook).
func TestFingerprintNeverOpensAFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "fifo")); err != nil {
		t.Skip(err)
	}
	if tr := Fingerprint(dir, time.Now); tr.Sum == "" || tr.Files != 2 {
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
	if tr := Fingerprint(dir, time.Now); tr.Sum != "" || tr.Why == "" {
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
	// A home below a repository's top: the top is not the home's project, nor its directories'.
	inner := filepath.Join(home, "plain")
	for _, dir := range []string{inner, filepath.Join(inner, "c")} {
		if got := ProjectOf(dir, inner); got != dir {
			t.Errorf("ProjectOf(%s) with the home %s = %s, want itself", dir, inner, got)
		}
	}
}
