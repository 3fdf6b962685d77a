//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileAtomicKeepsMode: replacing a file keeps its permission bits; a new file gets perm.
func TestWriteFileAtomicKeepsMode(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(target, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("content = %q", got)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v; want the old 0600", fi.Mode())
	}
	fresh := filepath.Join(dir, "new.json")
	if err := WriteFileAtomic(fresh, []byte("x"), 0o640); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640&^currentUmask() {
		t.Errorf("new file mode = %v", fi.Mode())
	}
	if err := WriteFileAtomic(filepath.Join(dir, "missing", "x.json"), nil, 0o644); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

// TestWriteFileAtomicKeepsOwner: root rewriting a file keeps its owner and its group, also when
// only one of the two differs from root's.
func TestWriteFileAtomicKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("files of other users need root")
	}
	for _, own := range [][2]int{{4242, 4343}, {4242, 0}, {0, 4343}} {
		target := filepath.Join(t.TempDir(), "settings.json")
		if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(target, own[0], own[1]); err != nil {
			t.Fatal(err)
		}
		if err := WriteFileAtomic(target, []byte("new"), 0o644); err != nil {
			t.Fatal(err)
		}
		if st := statT(t, target); int(st.Uid) != own[0] || int(st.Gid) != own[1] {
			t.Errorf("file of %d:%d is now %d:%d", own[0], own[1], st.Uid, st.Gid)
		}
	}
}
