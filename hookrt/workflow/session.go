package workflow

import (
	"errors"

	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// A task belongs to the conversation that opened it, and follows it where Claude Code gives it
// a new session ID in the same window: /clear (and /branch, /resume) keep the Claude Code process
// and change the session (docs/claude-code.md, "One window, many sessions"). The window is the
// one the supervisor's switch follows (package window: $CLAUDE_PID, an ancestor of the hook, with
// its start); each session's state records the window it last ran in.

// windowRef is a Claude Code window as a session's state records it.
type windowRef struct {
	PID   int    `json:"pid"`
	Start string `json:"start"`
}

// sameWindow reports whether a and b name the same window; an unknown window is no window.
func sameWindow(a, b *windowRef) bool {
	return a != nil && b != nil && *a == *b
}

// here returns the window this hook runs in, or nil where it cannot be told ($CLAUDE_PID unset,
// not an ancestor, a system where ancestry is not read); a failure to read it is logged.
func (h *handler) here() *windowRef {
	pid, ok := window.PID(h.opts.Getenv)
	if !ok || h.opts.Window == nil {
		return nil
	}
	id, err := h.opts.Window(pid)
	switch {
	case errors.Is(err, window.ErrNotAncestor), errors.Is(err, window.ErrUnsupported):
		return nil
	case err != nil:
		h.log.Warn("cannot tell the Claude Code window", "err", err)
		return nil
	}
	return &windowRef{PID: id.PID, Start: id.Start}
}

// sessionTask returns the task the event's session acts on, among tasks (oldest first): its own
// newest in_progress task; else the newest in_progress task of a session that last ran in this
// window (the conversation went on under a new session ID: /clear); else the newest in_progress
// task of no session (a task file of the /mc design, which has no session_id). A task found
// another way is adopted: its session_id becomes this session's, so that its events act on it
// from then on; the caller holds the lock and saves t when adopted says so.
func (h *handler) sessionTask(tasks []*Task, st *blockState) (t *Task, adopted bool) {
	if t := newestOf(tasks, func(t *Task) bool { return t.SessionID == h.ev.SessionID }); t != nil {
		return t, false
	}
	if here := h.here(); here != nil {
		st.Window = here
		t = newestOf(tasks, func(t *Task) bool {
			return t.SessionID != "" && sameWindow(h.stateOf(t.SessionID).Window, here)
		})
	}
	if t == nil {
		t = newestOf(tasks, func(t *Task) bool { return t.SessionID == "" })
	}
	if t == nil {
		return nil, false
	}
	t.SessionID = h.ev.SessionID
	return t, true
}

// newestOf returns the newest in_progress task of tasks (oldest first) that keep holds for.
func newestOf(tasks []*Task, keep func(*Task) bool) *Task {
	for i := len(tasks) - 1; i >= 0; i-- {
		if t := tasks[i]; t.Status == StatusInProgress && keep(t) {
			return t
		}
	}
	return nil
}

// openOf returns the in_progress tasks of tasks that belong to another session, newest first.
func (h *handler) openOf(tasks []*Task) []*Task {
	var out []*Task
	for i := len(tasks) - 1; i >= 0; i-- {
		if t := tasks[i]; t.Status == StatusInProgress && t.SessionID != h.ev.SessionID {
			out = append(out, t)
		}
	}
	return out
}
