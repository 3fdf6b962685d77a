//go:build unix

package proc

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// TestOutputKillsTheGroup: when the context is done, a grandchild the program started is killed
// too, not left running.
func TestOutputKillsTheGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(pidFile); err == nil {
				break // the grandchild runs
			}
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	_, err := Output(ctx, "sh", "-c", `sleep 30 & echo $! > "$0.tmp"; mv "$0.tmp" "$0"; wait`, pidFile)
	if err == nil {
		t.Fatal("Output returned no error once its context was done")
	}
	testproc.WaitGone(t, testproc.ReadPID(t, pidFile), 10*time.Second)
}
