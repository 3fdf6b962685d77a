//go:build unix

package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The agent of a clear scenario answers every typed prompt with agentDone (and the slash
// commands with the lines of newOnOffScenario); its reviewer allows every stop.
const agentDone = "Done with it."

func newClearScenario(t *testing.T) *scenario {
	return newScenario(t, func(r *Request) Reply {
		switch last := lastUserText(r); {
		case r.IsSupervisor():
			return Verdict(true, "Fine.")
		case !r.IsAgent():
			return Say("OK.")
		case strings.Contains(last, "is now off"):
			return Say(supervisorOffLine)
		case strings.Contains(last, "is now on"):
			return Say(supervisorOnLine)
		}
		return Say(agentDone)
	})
}

// sessionMarker writes a marker of SessionStart events into the project's settings and returns it.
func sessionMarker(t *testing.T, sc *scenario) Marker {
	t.Helper()
	m := sc.NewMarker(t)
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.json"), m.SettingsFor("SessionStart"))
	return m
}

// typeCommand types a slash command, waits for the menu to show it by its description, and
// presses Enter.
func typeCommand(t *testing.T, term *Terminal, command, description string) {
	t.Helper()
	term.Keys(t, "-l", command)
	term.WaitScreen(t, 10*time.Second, description)
	term.Keys(t, "Enter")
}

// clearSession types /clear and returns the ID of the session it started: SessionStart's
// session_id with source "clear" (2.1.328 and 2.1.332), other than every ID in before.
func clearSession(t *testing.T, term *Terminal, m Marker, before ...string) string {
	t.Helper()
	typeCommand(t, term, "/clear", "Start a new session")
	var id string
	Eventually(t, 30*time.Second, "SessionStart of the session /clear starts", func() bool {
		for _, ev := range m.Events(t) {
			if ev.Source == "clear" && ev.SupervisorHook != "1" && !slices.Contains(before, ev.SessionID) {
				id = ev.SessionID
				return true
			}
		}
		return false
	}, nil)
	term.WaitScreen(t, 10*time.Second, "? for shortcuts")
	return id
}

// typeBash runs command in the session's shell as a person does: "!" switches the prompt to
// bash mode.
func typeBash(t *testing.T, term *Terminal, command string) {
	t.Helper()
	term.Keys(t, "-l", "!")
	time.Sleep(500 * time.Millisecond)
	typeLine(t, term, command)
}

// TestSupervisorStaysOnAfterClear: typed into interactive Claude Code with the supervisor off by
// default. /supervisor, then /clear: the new session's prompt is reviewed and its verdict line
// shows, and `ccc-hooks supervisor status` typed there says on and why. Another Claude Code
// window in the same project, which nobody switched, is not reviewed. /supervisor-off, then
// /clear: the next session's prompt is not reviewed.
func TestSupervisorStaysOnAfterClear(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newClearScenario(t)
	sc.MustCCC(t, sc.product, "install", "--slash-commands", "--yes")
	marker := sessionMarker(t, sc)
	s1 := NewSessionID(t)
	a := startTyped(t, sc, tmux, s1)
	a.Scrollback = true

	typeCommand(t, a, "/supervisor", "Turn the ccc-hooks supervisor on")
	a.WaitScreen(t, 60*time.Second, supervisorOnLine)
	checkTrail(t, waitDecisions(t, sc.Sandbox, s1, 1), "Stop:allow")

	s2 := clearSession(t, a, marker, s1)
	typeLine(t, a, "Fix the parser.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, s2, 1), "Stop:allow")
	a.WaitScreen(t, 30*time.Second, "ccc-hooks supervisor: allowed the stop (review 1 of 20")
	if st, _ := sc.State(t, s2); !st.Enabled || st.Count != 1 || st.CarriedFrom != s1 {
		t.Errorf("state of the session after /clear = %+v, want on, carried from %s, with one review of its own", st, s1)
	}
	if st, _ := sc.State(t, s1); st.Count != 1 {
		t.Errorf("count of the session before /clear = %d, want its own 1", st.Count)
	}
	typeBash(t, a, "ccc-hooks supervisor status")
	// The rest of the line, "which ran before it in the same Claude Code window)", is fitted to 80
	// columns: the command's output is no terminal.
	a.WaitScreen(t, 30*time.Second, "on (carried over from session "+s1+", which ran")
	waitDecisions(t, sc.Sandbox, s2, 2) // the turn Claude Code starts after a ! command is reviewed too

	// Another window in the same project, never switched: the default, off.
	s3 := NewSessionID(t)
	b := startTyped(t, sc, tmux, s3)
	typeLine(t, b, "Fix the lexer.")
	b.WaitScreen(t, 60*time.Second, agentDone)

	typeCommand(t, a, "/supervisor-off", "Turn the ccc-hooks supervisor off")
	a.WaitScreen(t, 60*time.Second, supervisorOffLine)
	s4 := clearSession(t, a, marker, s1, s2, s3)
	typeLine(t, a, "Fix the lexer.")
	a.WaitScreen(t, 60*time.Second, agentDone)
	a.WaitTurnOver(t, 60*time.Second) // the stops have been answered
	b.WaitTurnOver(t, 60*time.Second)
	if got := decisionTrail(t, sc.Sandbox, s3); len(got) != 0 {
		t.Errorf("decisions of the other window = %v, want none", got)
	}
	if got := decisionTrail(t, sc.Sandbox, s4); len(got) != 0 {
		t.Errorf("decisions after /supervisor-off and /clear = %v, want none", got)
	}
	if st, ok := sc.State(t, s4); !ok || st.Enabled || st.CarriedFrom != s2 {
		t.Errorf("state after /supervisor-off and /clear = %+v (exists %v), want off, carried from %s", st, ok, s2)
	}
	if n := len(sc.api.Supervisor()); n != 3 {
		t.Errorf("supervisor reviews = %d, want 3 (/supervisor, the prompt after /clear, the ! command's turn)", n)
	}
}

// TestSupervisorStaysOffAfterClear: the supervisor on by default. /supervisor-off, then /clear:
// the new session's prompt is not reviewed. Another window in the same project, which nobody
// switched, is reviewed as the default says.
func TestSupervisorStaysOffAfterClear(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newClearScenario(t)
	sc.MustCCC(t, sc.product, "install", "--slash-commands", "--yes")
	sc.EnableSupervisor(t, sc.product)
	marker := sessionMarker(t, sc)
	s1 := NewSessionID(t)
	a := startTyped(t, sc, tmux, s1)

	typeCommand(t, a, "/supervisor-off", "Turn the ccc-hooks supervisor off")
	a.WaitScreen(t, 60*time.Second, supervisorOffLine)
	s2 := clearSession(t, a, marker, s1)
	typeLine(t, a, "Fix the parser.")
	a.WaitScreen(t, 60*time.Second, agentDone)

	s3 := NewSessionID(t)
	b := startTyped(t, sc, tmux, s3)
	typeLine(t, b, "Fix the lexer.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, s3, 1), "Stop:allow")
	b.WaitScreen(t, 30*time.Second, "ccc-hooks supervisor: allowed the stop (review 1 of 20")
	if got := append(decisionTrail(t, sc.Sandbox, s1), decisionTrail(t, sc.Sandbox, s2)...); len(got) != 0 {
		t.Errorf("decisions of the window switched off = %v, want none", got)
	}
	if st, ok := sc.State(t, s2); !ok || st.Enabled || st.CarriedFrom != s1 {
		t.Errorf("state after /clear = %+v (exists %v), want off, carried from %s", st, ok, s1)
	}
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor reviews = %d, want 1 (the other window's)", n)
	}
}
