//go:build unix

package transcript

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO as transcript is refused at once, without hanging the hook: no mark, nothing told.
func TestMarkFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if m := End(path); m != nil {
		t.Errorf("End(FIFO) = %+v, want none", m)
	}
	if got, next := Since(&Mark{Path: path}, path); got.Whole || next != nil {
		t.Errorf("Since(FIFO) = %+v, %+v; want nothing told and no mark", got, next)
	}
}
