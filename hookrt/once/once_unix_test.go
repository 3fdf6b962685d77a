//go:build unix

package once

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A symbolic link or a FIFO in a record's place is refused, not followed or read: the event is
// then answered without the check (the caller logs the error).
func TestClaimRefusesOddFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, record1(dir, string(stop))); err != nil {
		t.Fatal(err)
	}
	if _, first, err := Claim(context.Background(), dir, stop, "c", time.Now); err == nil || first {
		t.Errorf("Claim over a symlink = %v, %v; want an error", first, err)
	}
	if got, _ := os.ReadFile(victim); string(got) != "keep me" {
		t.Errorf("the symlink's target was written: %q", got)
	}
}
