//go:build unix

package testproc

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// TestBlocked: goroutines blocked in a call count, those that returned from it do not.
func TestBlocked(t *testing.T) {
	release := make(chan struct{})
	done := make(chan struct{})
	for range 3 {
		go func() {
			waitHere(release)
			done <- struct{}{}
		}()
	}
	const frame = "github.com/ccc-hooks/ccc-hooks/internal/testproc.waitHere"
	WaitBlocked(t, frame, 3)
	if n := Blocked(frame); n != 3 {
		t.Errorf("Blocked = %d; want 3", n)
	}
	if n := Blocked(frame + "Not"); n != 0 {
		t.Errorf("Blocked in a function nobody calls = %d", n)
	}
	close(release)
	for range 3 {
		<-done
	}
	if n := Blocked(frame); n != 0 {
		t.Errorf("Blocked after they returned = %d", n)
	}
}

// waitHere blocks until release is closed.
//
//go:noinline
func waitHere(release <-chan struct{}) { <-release }

// TestRunning: a live process runs; one that exited does not, reaped or a zombie.
func TestRunning(t *testing.T) {
	if !Running(os.Getpid()) {
		t.Fatal("this process is not running")
	}
	c := exec.Command("sleep", "60")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	pid := c.Process.Pid
	if !Running(pid) {
		t.Fatal("a sleeping child is not running")
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	WaitGone(t, pid, 10*time.Second) // a zombie until reaped below
	_ = c.Wait()
	if Running(pid) {
		t.Error("a reaped child is running")
	}
}
