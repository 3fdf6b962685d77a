//go:build unix

package supervisor

import (
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// A FIFO in place of a decision log is refused at once, never waited on.
func TestReadLogFIFO(t *testing.T) {
	s := &SessionStore{Home: t.TempDir()}
	if err := syscall.Mkfifo(s.LogPath("fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, _, err := s.ReadLog("fifo"); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, safefile.ErrNotRegular) {
			t.Errorf("FIFO: err %v, want ErrNotRegular", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadLog hangs on a FIFO")
	}
}
