package wall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// waited is how unshare ended: its exit status as wait(2) gave it (128+N for signal N).
type waited struct {
	code     int
	timedOut bool
	ended    time.Time
}

// setupLimit bounds the wall's setup: a stage that has not stood the wall by then is ended.
const setupLimit = time.Minute

// startAndWait starts c and waits for it, ending it when ctx is done, when the wall has not stood
// within setupLimit, or timeout after it stood (the command's own time). It starts c from a
// thread of its own that joined a new session keyring first (keyrings belong to threads, and a
// child inherits the starting thread's): the command gets an empty session keyring of its own,
// gone with it. The thread is never used again (it ends with its goroutine), and it lives until c
// is waited for: the parent-death signal goes with the thread that started the child.
func startAndWait(ctx context.Context, c *exec.Cmd, timeout time.Duration, out *stageOutput) (waited, error) {
	var w waited
	started := make(chan error, 1)
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: see above
		if err := newSessionKeyring(); err != nil {
			started <- refused("cannot give the command a session keyring of its own: %v", err)
			return
		}
		closeOnExec()
		if err := c.Start(); err != nil {
			started <- refused("cannot start unshare: %v", err)
			return
		}
		out.started(c.Process.Pid)
		started <- nil
		done <- c.Wait()
	}()
	if err := <-started; err != nil {
		return w, err
	}
	var expired, late atomic.Bool
	end := func() { killNamespace(c.Process.Pid) }
	setup := time.AfterFunc(setupLimit, func() { late.Store(true); end() })
	defer setup.Stop()
	var run *time.Timer
	var err error
	ready := out.readyCh
	for err == nil {
		select {
		case err = <-done:
			if err == nil {
				err = errDone
			}
		case <-ready:
			setup.Stop()
			ready = nil
			if timeout > 0 {
				run = time.AfterFunc(timeout, func() { expired.Store(true); end() })
			}
		case <-ctx.Done():
			end()
			err = <-done
			if err == nil {
				err = errDone
			}
		}
	}
	if run != nil {
		run.Stop()
	}
	w.ended = time.Now()
	w.timedOut = expired.Load()
	if late.Load() {
		return w, refused("the wall did not stand within %s", setupLimit)
	}
	var exit *exec.ExitError
	switch {
	case errors.Is(err, errDone):
	case errors.As(err, &exit):
		w.code = exitCode(exit.ProcessState)
	default:
		return w, fmt.Errorf("wall: %w", err)
	}
	return w, nil
}

// errDone stands for a Wait that returned nil in startAndWait's loop.
var errDone = errors.New("done")

// exitCode is the status a shell reports for st: the exit status, or 128+N for signal N.
func exitCode(st *os.ProcessState) int {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return st.ExitCode()
}

// killNamespace ends the wall of unshare's process pid: its child, PID 1 of the namespace (the
// kernel then ends every process in it, and unshare reaps it and ends), else unshare itself,
// which takes its child down with it (--kill-child).
func killNamespace(pid int) {
	killed := false
	if p, ok := proc.Lookup(pid); ok {
		for _, child := range p.Children() {
			killed = child.Kill() == nil || killed
		}
	}
	if !killed {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// newSessionKeyring joins the calling thread to a new anonymous session keyring (keyctl
// KEYCTL_JOIN_SESSION_KEYRING with no name: a named one could be joined by another process).
// A kernel without keys has nothing to keep apart.
func newSessionKeyring() error {
	_, _, errno := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0)
	if errno != 0 && errno != unix.ENOSYS {
		return errno
	}
	return nil
}

// closeOnExec marks every descriptor of this process but 0, 1 and 2 close-on-exec: Go opens its
// own so, but one inherited from whoever started this process (a shell's `7</dir`) is not, and
// would reach the command.
func closeOnExec() {
	entries, _ := os.ReadDir("/proc/self/fd")
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			unix.CloseOnExec(fd)
		}
	}
}
