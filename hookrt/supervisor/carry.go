package supervisor

import (
	"context"
	"errors"

	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// Standing is whether the supervisor is on for a session, and why.
type Standing struct {
	On bool
	// Default is true when neither the session nor its window had a switch: supervisor.enabled
	// decided.
	Default bool
	// CarriedFrom names the session whose switch this one took over in its Claude Code window.
	CarriedFrom string
}

// The rule of one Claude Code window (docs/supervisor.md#what-this-session-means): a session
// with no switch of its own takes the switch of the last session its window ran with one. The
// window is the Claude Code process ($CLAUDE_PID, named with its start: package window), which
// stays while /clear, /branch and /resume change the session ID (docs/claude-code.md, "One
// window, many sessions"); another window, a window reopened or `claude --resume` in a new
// process has its own. The rule holds only for the session the window runs (own: the event's
// session_id, or $CLAUDE_CODE_SESSION_ID for a command): a $CCC_SUPERVISOR_ID shared by sessions,
// or a session named from outside, has its own state.

// Follow reports whether the supervisor is on for id in a hook run, and why: id's own switch when
// it has one, which the window then records; else, when own (id is the session the window runs),
// the switch its window carries over, which becomes id's own (the window records id from then on)
// and touches nothing else of its state (a session /clear started has counted nothing and spent
// nothing yet); else the default. An error comes with the standing the hook should still follow:
// the default for an unreadable state, the window's switch when it could not be written into
// id's state.
func (w *Switch) Follow(ctx context.Context, id string, own bool) (Standing, error) {
	def, err := w.Default()
	if err != nil {
		return Standing{Default: true}, err
	}
	st, _, err := w.Store.Load(id)
	if err != nil {
		return Standing{On: def, Default: true}, err
	}
	if st.Enabled != nil {
		return Standing{On: *st.Enabled, CarriedFrom: st.CarriedFrom}, w.noteHere(ctx, id, *st.Enabled, own)
	}
	rec, here, found, err := w.carried(own)
	if !found {
		return Standing{On: def, Default: true}, err
	}
	st, err = w.Store.Update(ctx, id, func(st *State) error {
		if st.Enabled != nil {
			return ErrNoChange // switched meanwhile: that switch holds
		}
		on := rec.Enabled
		st.Enabled, st.CarriedFrom = &on, carriedFrom(rec, id)
		return nil
	})
	if err != nil {
		return Standing{On: rec.Enabled, CarriedFrom: carriedFrom(rec, id)}, err
	}
	return Standing{On: *st.Enabled, CarriedFrom: st.CarriedFrom}, w.Store.NoteWindow(ctx, here, id, *st.Enabled)
}

// Standing is Follow without a change: what a hook run of id would follow now.
func (w *Switch) Standing(id string, own bool) (Standing, error) {
	def, err := w.Default()
	if err != nil {
		return Standing{}, err
	}
	st, _, err := w.Store.Load(id)
	switch {
	case err != nil:
		return Standing{}, err
	case st.Enabled != nil:
		return Standing{On: *st.Enabled, CarriedFrom: st.CarriedFrom}, nil
	}
	rec, _, found, err := w.carried(own)
	switch {
	case err != nil:
		return Standing{}, err
	case found:
		return Standing{On: rec.Enabled, CarriedFrom: carriedFrom(rec, id)}, nil
	}
	return Standing{On: def, Default: true}, nil
}

// carriedFrom is the session rec carries a switch over from into id ("" when it is id itself,
// whose own state was lost).
func carriedFrom(rec WindowRecord, id string) string {
	if rec.SessionID == id {
		return ""
	}
	return rec.SessionID
}

// carried returns the record of the window this process runs in, when own, $CLAUDE_PID names an
// ancestor and the record is of that very process (a later process with the same ID is another
// window). The record is read before the process is looked at, so that a window nobody switched
// costs one lookup of a missing file.
func (w *Switch) carried(own bool) (rec WindowRecord, here window.ID, found bool, err error) {
	if !own {
		return WindowRecord{}, window.ID{}, false, nil
	}
	pid, ok := window.PID(w.Getenv)
	if !ok {
		return WindowRecord{}, window.ID{}, false, nil
	}
	rec, found, err = w.Store.LoadWindow(pid)
	if !found {
		return WindowRecord{}, window.ID{}, false, err
	}
	here, ok, err = w.here(pid)
	if !ok || here.Start != rec.Start {
		return WindowRecord{}, window.ID{}, false, err
	}
	return rec, here, true, nil
}

// noteHere records in the window this process runs in that it runs id, switched on or off, when
// own and $CLAUDE_PID names an ancestor.
func (w *Switch) noteHere(ctx context.Context, id string, on, own bool) error {
	if !own {
		return nil
	}
	pid, ok := window.PID(w.Getenv)
	if !ok {
		return nil
	}
	here, ok, err := w.here(pid)
	if !ok {
		return err
	}
	return w.Store.NoteWindow(ctx, here, id, on)
}

// here returns the window of pid; ok is false when pid is not an ancestor of this process or
// the system does not tell (no window, and no error), or when it could not be read (the error).
func (w *Switch) here(pid int) (id window.ID, ok bool, err error) {
	id, err = w.Locate(pid)
	switch {
	case errors.Is(err, window.ErrNotAncestor), errors.Is(err, window.ErrUnsupported):
		return window.ID{}, false, nil
	case err != nil:
		return window.ID{}, false, err
	}
	return id, true, nil
}
