//go:build unix

package supervisor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// A FIFO in place of a window's record is refused at once, never waited on: the hook follows the
// default and says why; the session's own switch then writes a record in its place.
func TestWindowRecordFIFO(t *testing.T) {
	e := hooktest.New(t, "", "")
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if err := os.MkdirAll(filepath.Dir(sw.Store.WindowPath(100)), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(sw.Store.WindowPath(100), 0o600); err != nil {
		t.Fatal(err)
	}
	type result struct {
		st  Standing
		err error
	}
	done := make(chan result, 1)
	go func() { st, err := sw.Follow(context.Background(), "s2", true); done <- result{st, err} }()
	select {
	case r := <-done:
		if !errors.Is(r.err, safefile.ErrNotRegular) || r.st != (Standing{Default: true}) {
			t.Errorf("FIFO: %+v, %v; want the default and ErrNotRegular", r.st, r.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Follow hangs on a FIFO")
	}
	if err := sw.Set(context.Background(), "s2", true, true); err != nil {
		t.Fatal(err)
	}
	if rec, found, err := sw.Store.LoadWindow(100); err != nil || !found || rec.SessionID != "s2" {
		t.Errorf("after supervisor on: %+v, %v, %v; want a record of s2", rec, found, err)
	}
}
