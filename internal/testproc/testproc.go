// Package testproc is for tests only: what a test waits for of processes, as events rather than
// sleeps: a process that has ended (a zombie waiting to be reaped counts as ended), and a file
// that this process's own goroutines hold open (a lock being waited for).
package testproc

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// poll is how often a wait looks again.
const poll = 10 * time.Millisecond

// ReadPID reads the process ID a program wrote to path.
func ReadPID(t testing.TB, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return pid
}

// WaitOpen waits, a minute at most, until this process holds at least n descriptors open on
// the file at path: for a lock, that its holder and each of n-1 waiters have opened it.
func WaitOpen(t testing.TB, path string, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(poll) {
		got := Opened(t, path)
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is open %d times in this process after a minute; want %d", path, got, n)
		}
	}
}

// Opened counts the descriptors of this process open on the file at path (0 when there is no
// such file). Where the system does not list them (/dev/fd), the test is skipped.
func Opened(t testing.TB, path string) int {
	t.Helper()
	want, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	fds, err := os.ReadDir("/dev/fd")
	if err != nil {
		t.Skipf("this system does not list a process's descriptors: %v", err)
	}
	n := 0
	for _, fd := range fds {
		if fi, err := os.Stat("/dev/fd/" + fd.Name()); err == nil && os.SameFile(fi, want) {
			n++
		}
	}
	return n
}
