// Package proc runs child programs in a process group of their own, so that a timeout or a
// cancellation ends everything they started, not only the program itself. On Linux a child also
// gets SIGKILL when this process dies (the parent-death signal), so that a hook killed by
// Claude Code does not leave its reviewer running.
//
// The parent-death signal is sent when the thread that started the child exits, not the process.
// Go ends a thread when a goroutine locked to it returns without unlocking, so every child with
// the signal set is started and waited for by Run or Output, which keep the calling goroutine
// locked to its thread from Start until Wait returns: that thread cannot end while the child runs.
//
// RunWatched runs a child with a watch beside it, handed the child's process ID. Processes are
// also looked at from outside (tree.go; /proc on Linux, tree_linux.go; nothing elsewhere,
// tree_other.go): each known by its ID and start time, its children, its standard output and
// arguments, the processes below it, and stopped or killed through a handle that names it alone.
package proc

import (
	"context"
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// WaitDelay is how long Wait waits, after the program exited or was killed, for descendants that
// still hold its output pipes.
const WaitDelay = time.Second

// Command returns a command for name and args that starts in its own process group and (on
// Linux) is killed when this process dies; when ctx is done, the whole group is killed. Start and
// wait for it with Run.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, name, args...)
	SetGroup(c)
	c.Cancel = func() error { return KillGroup(c) }
	c.WaitDelay = WaitDelay
	return c
}

// StartError is a program that could not be started.
type StartError struct{ Err error }

func (e *StartError) Error() string { return e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// Run starts c (made by Command), waits for it, and then kills whatever is left of its process
// group: a program that exited still may have left children behind. On Unix a watchdog (a
// /bin/sh of its own, started first, whose process group c starts in) kills that group should
// this process die at any moment of the run: a SIGKILL cannot be caught, and the parent-death
// signal reaches only c itself. A program that exited with status 0 but whose descendants kept
// its output open past WaitDelay counts as a success (those descendants are killed, and what the
// program wrote is kept). A start failure is a *StartError.
func Run(c *exec.Cmd) error { return RunWatched(c, nil) }

// RunWatched runs c as Run does, and while c runs, watch(ctx, pid) — pid is c's process — in a
// goroutine of its own; ctx is done once c has exited and its group was killed, and RunWatched
// returns when watch has. A nil watch is Run.
func RunWatched(c *exec.Cmd, watch func(ctx context.Context, pid int)) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w := startWatchdog(c)
	if err := c.Start(); err != nil {
		w.stop()
		return &StartError{Err: err}
	}
	watched := make(chan struct{})
	ctx, ended := context.WithCancel(context.Background())
	if watch != nil {
		go func() {
			defer close(watched)
			watch(ctx, c.Process.Pid)
		}()
	} else {
		close(watched)
	}
	err := c.Wait()
	_ = KillGroup(c)
	w.stop()
	ended()
	<-watched
	if errors.Is(err, exec.ErrWaitDelay) {
		return nil
	}
	return err
}

// Output runs name with args (no shell) and returns its standard output; when ctx is done the
// whole process group is killed.
func Output(ctx context.Context, name string, args ...string) ([]byte, error) {
	runtime.LockOSThread() // see the package comment
	defer runtime.UnlockOSThread()
	return Command(ctx, name, args...).Output()
}

// Getenv returns the value of the variable name in env, an environment as a child program is
// given it (exec.Cmd.Env): the last one where it is set twice, as the child reads it; "" where
// it is not set.
func Getenv(env []string, name string) string {
	value := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			value = v
		}
	}
	return value
}
