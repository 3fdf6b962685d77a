//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveTree: a directory of one's own goes, whole, links inside it removed and not followed;
// a link to a directory, a file, or a tree another user owns (checked where the test runs as
// root) stays.
func TestRemoveTree(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	mustWrite(t, filepath.Join(outside, "keep"))
	home := filepath.Join(root, "home")
	mustWrite(t, filepath.Join(home, "ledger", "a.json"))
	if err := os.Symlink(outside, filepath.Join(home, "link")); err != nil {
		t.Fatal(err)
	}
	if err := RemoveTree(home); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(home); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s is still there (%v)", home, err)
	}
	if _, err := os.Stat(filepath.Join(outside, "keep")); err != nil {
		t.Errorf("a link inside was followed: %v", err)
	}
	if err := RemoveTree(home); err != nil {
		t.Errorf("a tree that is gone: %v", err)
	}

	link := filepath.Join(root, "to-outside")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	if err := RemoveTree(link); err == nil {
		t.Error("a link to a directory was removed")
	}
	if err := RemoveTree(filepath.Join(outside, "keep")); err == nil {
		t.Error("a file was removed")
	}
	if _, err := os.Stat(filepath.Join(outside, "keep")); err != nil {
		t.Errorf("the file behind the link is gone: %v", err)
	}

	if os.Geteuid() == 0 {
		theirs := filepath.Join(root, "theirs")
		mustWrite(t, filepath.Join(theirs, "state.json"))
		if err := os.Chown(theirs, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if err := RemoveTree(theirs); !errors.Is(err, ErrNotOwned) {
			t.Errorf("another user's tree: %v, want ErrNotOwned", err)
		}
		if _, err := os.Stat(filepath.Join(theirs, "state.json")); err != nil {
			t.Errorf("another user's tree was emptied: %v", err)
		}
	}
}

func mustWrite(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}
