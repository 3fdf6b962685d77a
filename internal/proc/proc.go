// Package proc runs child programs in a process group of their own, so that a timeout or a
// cancellation ends everything they started, not only the program itself.
package proc

import (
	"context"
	"os/exec"
	"time"
)

// Command returns a command for name and args that starts in its own process group; when ctx
// is done, the whole group is killed.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, name, args...)
	SetGroup(c)
	c.Cancel = func() error { return KillGroup(c.Process) }
	c.WaitDelay = time.Second
	return c
}

// Output runs name with args (no shell) and returns its standard output; when ctx is done the
// whole process group is killed.
func Output(ctx context.Context, name string, args ...string) ([]byte, error) {
	return Command(ctx, name, args...).Output()
}
