//go:build unix

package testproc

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Running reports whether pid is a live process; a zombie waiting to be reaped is not (read from
// /proc where the system has it).
func Running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist) // no /proc (not Linux): kill -0 said it exists
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || !bytes.HasPrefix(stat[i+1:], []byte(" Z"))
}

// WaitGone fails the test unless pid has ended within d (and kills it if not).
func WaitGone(t testing.TB, pid int, d time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(d); Running(pid); time.Sleep(poll) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d is still running %v later", pid, d)
		}
	}
}
