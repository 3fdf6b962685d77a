package supervisor

import (
	"context"
	"fmt"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// SupervisorIDVar names the variable that makes sessions share one supervisor on/off state.
const SupervisorIDVar = "CCC_SUPERVISOR_ID"

// Switch turns the supervisor on and off. It is on for a session when the state of the
// session's supervisor ID says so; else, when that ID is the session's own, when the switch its
// Claude Code window carries over from the session before it says so (carry.go); else when the
// default, supervisor.enabled in ccc.json, says so (off when unset). The supervisor ID is
// $CCC_SUPERVISOR_ID, else the session's own ID.
type Switch struct {
	Store  *SessionStore
	Getenv func(string) string
	Now    func() time.Time
	// Locate finds the Claude Code window that $CLAUDE_PID names.
	Locate window.Locate

	loaded *config.Supervisor // the hook run's config; nil: read ccc.json when asked
}

// NewSwitch returns the switch of the ccc-hooks home and ccc.json that env names, with env's
// clock and window.
func NewSwitch(env outside.Env) *Switch {
	env = env.OrSystem()
	return &Switch{Store: &SessionStore{Home: paths.Home(env.Getenv), Now: env.Now}, Getenv: env.Getenv, Now: env.Now, Locate: env.Window}
}

// IDSource is a place a supervisor ID may be given, and the ID given there ("" for none).
type IDSource struct {
	Name string // for errors: "--session", "session_id", "$CLAUDE_CODE_SESSION_ID", ...
	ID   string
}

// InvalidIDError reports a supervisor ID that is not a valid session ID (event.ValidSessionID),
// with where it was given.
type InvalidIDError struct{ IDSource }

func (e *InvalidIDError) Error() string {
	return fmt.Sprintf("invalid session ID %q in %s: want [A-Za-z0-9._-]{1,128}, not starting with '-'", e.ID, e.Name)
}

// ID returns the ID whose state says whether the supervisor is on: the explicit one when given
// (a command's --session), else $CCC_SUPERVISOR_ID, else the session's own. The ID chosen must be
// a valid session ID, else the error is an *InvalidIDError (an invalid one is never passed over
// for the next); "" when none is given.
func (w *Switch) ID(explicit, session IDSource) (string, error) {
	env := IDSource{Name: "$" + SupervisorIDVar, ID: w.Getenv(SupervisorIDVar)}
	for _, src := range []IDSource{explicit, env, session} {
		switch {
		case src.ID == "":
			continue
		case !event.ValidSessionID(src.ID):
			return "", &InvalidIDError{src}
		}
		return src.ID, nil
	}
	return "", nil
}

// ConfigFile is the ccc.json holding the default.
func (w *Switch) ConfigFile() string { return paths.ConfigFile(w.Getenv) }

// Default reports the default of every session, supervisor.enabled in ccc.json. An unreadable
// file is an error (the hook, which must not fail, treats it as off).
func (w *Switch) Default() (bool, error) {
	if w.loaded != nil {
		return w.loaded.Enabled, nil
	}
	cfg, _, err := config.Load(w.ConfigFile())
	return cfg.Enabled, err
}

// Set turns the supervisor on or off for id. Turning it on also starts afresh what stood it
// aside: the count of reviews (max_iterations), the run of failed reviews, and the session
// budget, which counts from what the session's reviews have cost so far. When own (id is the
// session the Claude Code window this runs in runs, see Follow), the window records the switch,
// for the session /clear starts there next.
func (w *Switch) Set(ctx context.Context, id string, on, own bool) error {
	spent := 0.0
	if on {
		decisions, _, err := w.Store.ReadLog(id)
		if err != nil {
			return err
		}
		spent = Sum(decisions).CostUSD
	}
	_, err := w.Store.Update(ctx, id, func(st *State) error {
		st.Enabled, st.CarriedFrom = &on, ""
		if on {
			st.Count, st.FailedReviews, st.BudgetFromUSD = 0, 0, spent
		}
		return nil
	})
	if err != nil {
		return err
	}
	return w.noteHere(ctx, id, on, own)
}

// SetDefault sets supervisor.enabled in ccc.json, written as settings files are (lock, backup,
// atomic replace, every other byte kept) with the store under the ccc-hooks home.
func (w *Switch) SetDefault(on bool) error {
	return config.SaveEnabled(w.ConfigFile(), w.Store.Home, w.Now, on)
}
