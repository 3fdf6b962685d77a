package safefile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestSameStampSeesRewrite: a file truncated and written again with the very same bytes keeps
// its inode and its contents, yet its stamp moves.
func TestSameStampSeesRewrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := os.Stat(path); !SameStamp(before, again) {
		t.Fatal("an untouched file changed its stamp")
	}
	time.Sleep(10 * time.Millisecond) // past a coarse clock's tick, where times are not fine-grained
	if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil { // empty again, same inode
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if SameStamp(before, after) {
		t.Errorf("a file written and truncated again kept its stamp: %+v", StampOf(after))
	}
}
