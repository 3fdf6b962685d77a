//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestResolveLikeTheKernel builds links in a temporary tree and checks that Resolve reaches the
// file the kernel opens (compared with os.Stat where the file exists).
func TestResolveLikeTheKernel(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ln := func(dest, p string) {
		if err := os.Symlink(dest, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	put := func(p string) {
		if err := os.WriteFile(filepath.Join(root, p), []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk("home/dotfiles/claude")
	mk("home/dotfiles/shared")
	mk("home/shared")
	put("home/dotfiles/shared/settings.json")
	put("home/shared/settings.json") // what a textual "..": would wrongly reach
	ln("dotfiles/claude", "home/.claude")
	ln("../shared/settings.json", "home/dotfiles/claude/settings.json")
	ln(filepath.Join(root, "home", ".claude"), "abs-claude")
	ln("chain2", "home/chain1")
	ln(".claude/settings.json", "home/chain2")
	ln("missing/new.json", "home/dangling")
	ln("loop-b", "home/loop-a")
	ln("loop-a", "home/loop-b")

	cases := []struct{ path, want string }{
		{"home/.claude/settings.json", "home/dotfiles/shared/settings.json"},
		{"abs-claude/settings.json", "home/dotfiles/shared/settings.json"},
		{"home/chain1", "home/dotfiles/shared/settings.json"},
		{"home/.claude/../shared/settings.json", "home/dotfiles/shared/settings.json"},
		{"home/dangling", "home/missing/new.json"},
		{"home/.claude/new/dir/settings.json", "home/dotfiles/claude/new/dir/settings.json"},
	}
	for _, tc := range cases {
		got, err := Resolve(root + "/" + tc.path) // not Join: it would clean ".." as text
		if err != nil {
			t.Errorf("Resolve(%s): %v", tc.path, err)
			continue
		}
		if want := filepath.Join(root, tc.want); got != want {
			t.Errorf("Resolve(%s) = %s, want %s", tc.path, got, want)
		}
		if a, err := os.Stat(root + "/" + tc.path); err == nil {
			if b, err := os.Stat(got); err != nil || !os.SameFile(a, b) {
				t.Errorf("Resolve(%s) = %s, which is not the file the kernel opens", tc.path, got)
			}
		}
	}
	if _, err := Resolve(filepath.Join(root, "home", "loop-a")); err == nil || !strings.Contains(err.Error(), "too many levels") {
		t.Errorf("Resolve(loop) err = %v", err)
	}
}

// TestResolveRelative: a relative path is taken from the working directory, and its ".." after
// a symbolic link goes up from where the link points (as `cat` would), not textually.
func TestResolveRelative(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"dotfiles/claude", "dotfiles/shared"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("dotfiles/claude", filepath.Join(root, "claude")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	got, err := Resolve("claude/../shared/settings.json")
	if want := filepath.Join(root, "dotfiles", "shared", "settings.json"); err != nil || got != want {
		t.Errorf("Resolve = %q, %v; want %q", got, err, want)
	}
}

// TestResolveFollowsAsManyLinksAsTheKernel: a chain of maxLinks links resolves, one more is an
// error, as for the kernel (Linux: 40).
func TestResolveFollowsAsManyLinksAsTheKernel(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	final := filepath.Join(root, "settings.json")
	if err := os.WriteFile(final, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	prev := "settings.json"
	for i := 1; i <= maxLinks+1; i++ {
		name := "l" + strconv.Itoa(i)
		if err := os.Symlink(prev, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
		prev = name
	}
	last := filepath.Join(root, "l"+strconv.Itoa(maxLinks))
	if got, err := Resolve(last); err != nil || got != final {
		t.Errorf("%d links: Resolve = %q, %v; want %q", maxLinks, got, err, final)
	}
	if _, err := os.Stat(last); err != nil {
		t.Errorf("the kernel refuses %d links too: %v", maxLinks, err)
	}
	if _, err := Resolve(filepath.Join(root, "l"+strconv.Itoa(maxLinks+1))); err == nil || !strings.Contains(err.Error(), "too many levels") {
		t.Errorf("%d links: %v; want too many levels", maxLinks+1, err)
	}
}

// TestResolveTrailingSlash: a link whose target ends in "/" leads on only to a directory, as for
// the kernel: through a directory it resolves; to a file or to nothing it is a
// *TrailingSlashError, where the kernel's own open fails with ENOTDIR or ENOENT/EISDIR.
func TestResolveTrailingSlash(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "dotfiles", "claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "dotfiles", "claude", "settings.json")
	if err := os.WriteFile(file, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for dest, p := range map[string]string{
		"dotfiles/claude/":                       "claude",
		"dotfiles/claude/settings.json/":         "to-file",
		root + "/dotfiles/claude/settings.json/": "abs-to-file",
		"missing.json/":                          "to-nothing",
		"to-file":                                "via-link",
	} {
		if err := os.Symlink(dest, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := Resolve(filepath.Join(root, "claude", "settings.json")); err != nil || got != file {
		t.Errorf("through a link to a directory with a slash: %q, %v; want %q", got, err, file)
	}
	for _, p := range []string{"to-file", "abs-to-file", "to-nothing", "via-link"} {
		_, err := Resolve(filepath.Join(root, p))
		var ts *TrailingSlashError
		if !errors.As(err, &ts) || !errors.Is(err, ErrNotDirectory) {
			t.Errorf("Resolve(%s) = %v, want a *TrailingSlashError", p, err)
			continue
		}
		if _, kerr := os.ReadFile(filepath.Join(root, p)); kerr == nil {
			t.Errorf("the kernel reads %s", p)
		}
	}
	_, err = Resolve(filepath.Join(root, "to-file"))
	want := filepath.Join(root, "to-file") + ` is a symbolic link to "dotfiles/claude/settings.json/", whose slash at the end makes the system open it only as a directory: ` +
		`Claude Code cannot read the settings file through it; point the link at "dotfiles/claude/settings.json"`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
}
