//go:build unix

package testproc

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOpened: each descriptor open on a file counts, and only those.
func TestOpened(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "f"), filepath.Join(dir, "g")
	for _, p := range []string{path, other} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if n := Opened(t, path); n != 0 {
		t.Fatalf("Opened before any open = %d", n)
	}
	for want := 1; want <= 3; want++ {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = f.Close() })
		WaitOpen(t, path, want)
		if n := Opened(t, path); n != want {
			t.Errorf("Opened = %d; want %d", n, want)
		}
	}
	if n := Opened(t, other); n != 0 {
		t.Errorf("Opened of a file nobody opened = %d", n)
	}
	if n := Opened(t, filepath.Join(dir, "none")); n != 0 {
		t.Errorf("Opened of no file = %d", n)
	}
}

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
