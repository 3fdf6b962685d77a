//go:build linux

package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNoWriters: only a file without a name that nobody has open for writing is proved quiet.
func TestNoWriters(t *testing.T) {
	dir := t.TempDir()
	open := func(name string) *os.File {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = f.Close() })
		return f
	}

	named := open("named.json")
	if NoWriters(named) {
		t.Error("NoWriters is true for a file that still has a name (anyone may open it for writing)")
	}

	gone := open("gone.json")
	w, err := os.OpenFile(filepath.Join(dir, "gone.json"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "gone.json")); err != nil {
		t.Fatal(err)
	}
	if NoWriters(gone) {
		t.Error("NoWriters is true while another descriptor has the file open for writing")
	}
	_ = w.Close()
	if !NoWriters(gone) {
		t.Skip("no read lease on a nameless file without writers: the file system here has no leases")
	}
	// The proof leaves no lease behind: the file is read as before.
	if b := make([]byte, 2); func() bool { n, err := gone.ReadAt(b, 0); return err != nil || n != 2 }() {
		t.Error("the file cannot be read after NoWriters")
	}
}
