// Package window names the Claude Code window a hook or command runs in: the Claude Code process
// that started it, whose process ID Claude Code exports as $CLAUDE_PID to all it runs and which
// outlives /clear and /branch, unlike the session ID (docs/claude-code.md, "One window, many
// sessions").
//
// A window is its process ID and the time the process started, so that a process that later gets
// the same ID is another window. $CLAUDE_PID counts only when that process is an ancestor of this
// one: a stray variable cannot name a stranger's window.
package window

import (
	"errors"
	"fmt"
	"strconv"
)

// PIDVar is the variable in which Claude Code hands the commands it runs its process ID.
const PIDVar = "CLAUDE_PID"

// maxDepth bounds the walk from this process up to the window: a hook runs under a shell or two
// (sh -c, Git Bash and its forked child on Windows, a version manager's shim).
const maxDepth = 16

// ID is one Claude Code process: its process ID and its start, in a form that differs between
// two processes that had the same ID (the boot and the start time since boot on Linux, the start
// time on macOS and Windows).
type ID struct {
	PID   int
	Start string
}

// Locate returns the window of pid when pid is an ancestor of this process. Of is the system's;
// tests pass their own.
type Locate func(pid int) (ID, error)

// ErrNotAncestor is a $CLAUDE_PID that is not an ancestor of this process.
var ErrNotAncestor = errors.New("not an ancestor of this process")

// ErrUnsupported is a system where ccc-hooks cannot read a process's parent and start.
var ErrUnsupported = errors.New("process ancestry is not read on this system")

// PID returns the process ID in $CLAUDE_PID; ok is false when it is unset or not a process ID.
func PID(getenv func(string) string) (pid int, ok bool) {
	pid, err := strconv.Atoi(getenv(PIDVar))
	if err != nil || pid <= 1 {
		return 0, false
	}
	return pid, true
}

// Of returns the window of pid: its start, once pid was found among the ancestors of this process
// (at most maxDepth levels up).
func Of(pid int) (ID, error) {
	start, err := startOfAncestor(pid)
	if err != nil {
		return ID{}, fmt.Errorf("process %d: %w", pid, err)
	}
	return ID{PID: pid, Start: start}, nil
}

// walkUp follows parent from self up to maxDepth levels and reports whether target is among the
// ancestors. A parent it cannot read ends the walk with that error.
func walkUp(self, target int, parent func(int) (int, error)) error {
	p := self
	for range maxDepth {
		pp, err := parent(p)
		if err != nil {
			return err
		}
		if pp == target {
			return nil
		}
		if pp <= 1 || pp == p {
			break
		}
		p = pp
	}
	return ErrNotAncestor
}
