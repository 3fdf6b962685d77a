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

// TestRunKillsTheGroup: Run kills what the program started, in the watchdog's group, both when
// its context is done while it runs and when it exited and left a child behind (one that does
// not hold its output: Run does not wait for it).
func TestRunKillsTheGroup(t *testing.T) {
	for _, tt := range []struct {
		name, script string
		cancel       bool
	}{
		{"cancelled", `sleep 30 & echo $! > "$0.tmp"; mv "$0.tmp" "$0"; wait`, true},
		{"exited", `sleep 30 >/dev/null 2>&1 & echo $! > "$0.tmp"; mv "$0.tmp" "$0"`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				go func() {
					for ctx.Err() == nil {
						if _, err := os.Stat(pidFile); err == nil {
							break
						}
						time.Sleep(10 * time.Millisecond)
					}
					cancel()
				}()
			}
			err := Run(Command(ctx, "sh", "-c", tt.script, pidFile))
			if tt.cancel == (err == nil) {
				t.Fatalf("Run = %v", err)
			}
			testproc.WaitGone(t, testproc.ReadPID(t, pidFile), 10*time.Second)
		})
	}
}

// TestRunWatched: the watch is handed the program's process while it runs; its context is done
// only once the program has exited, and RunWatched returns only once the watch has.
func TestRunWatched(t *testing.T) {
	c := Command(context.Background(), "sh", "-c", "sleep 0.2")
	var pid int
	var exitedFirst, watchEnded bool
	err := RunWatched(c, func(ctx context.Context, p int) {
		pid = p
		<-ctx.Done()
		exitedFirst = c.ProcessState != nil
		time.Sleep(100 * time.Millisecond) // RunWatched must wait for this
		watchEnded = true
	})
	if err != nil {
		t.Fatal(err)
	}
	if pid != c.Process.Pid {
		t.Errorf("the watch got process %d, want %d", pid, c.Process.Pid)
	}
	if !exitedFirst {
		t.Error("the watch's context was done before the program exited")
	}
	if !watchEnded {
		t.Error("RunWatched returned before the watch did")
	}
}

// TestGetenv: a variable of an environment list as the child reads it: the last setting wins, a
// name is matched whole, and an unset one is empty.
func TestGetenv(t *testing.T) {
	env := []string{"PATH=/bin", "PATHS=/x", "TMPDIR=/a", "TMPDIR=/b", "EMPTY="}
	for name, want := range map[string]string{"PATH": "/bin", "TMPDIR": "/b", "EMPTY": "", "PAT": "", "HOME": ""} {
		if got := Getenv(env, name); got != want {
			t.Errorf("Getenv(%s) = %q, want %q", name, got, want)
		}
	}
}
