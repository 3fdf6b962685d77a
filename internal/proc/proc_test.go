//go:build unix

package proc

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputKillsTheGroup: when the deadline passes, a grandchild the program started is killed
// too, not left running.
func TestOutputKillsTheGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Output(ctx, "sh", "-c", `sleep 30 & echo $! > "$0"; wait`, pidFile)
	if err == nil {
		t.Fatal("Output returned no error after the deadline")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Output took %v after a 300ms deadline", d)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the grandchild %d is still running", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
