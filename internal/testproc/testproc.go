// Package testproc is for tests only: what a test waits for of processes, as events rather than
// sleeps: a process that has ended (a zombie waiting to be reaped counts as ended), and
// goroutines of this process blocked where the test expects them (waiting for a lock).
package testproc

import (
	"os"
	"runtime"
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

// WaitBlocked waits, a minute at most, until at least n goroutines of this process are blocked
// (in a select, on a channel, asleep: not running) with a call of frame on their stack, frame as a
// stack trace names it ("github.com/gofrs/flock.tryCtx"): for a lock, that n waiters have tried
// it and wait to try again.
func WaitBlocked(t testing.TB, frame string, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(poll) {
		got := Blocked(frame)
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines blocked in %s after a minute; want %d", got, frame, n)
		}
	}
}

// Blocked counts the goroutines of this process blocked with a call of frame on their stack.
func Blocked(frame string) int {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		head, stack, _ := strings.Cut(g, "\n")
		_, status, _ := strings.Cut(head, " [")
		if status == "" || strings.HasPrefix(status, "running") || strings.HasPrefix(status, "runnable") ||
			strings.HasPrefix(status, "syscall") {
			continue
		}
		if strings.Contains(stack, frame+"(") {
			count++
		}
	}
	return count
}
