//go:build unix

package e2e

import (
	"testing"
)

// TestRecursionGuard: the supervisor's own `claude -p` session inherits the
// settings and fires the Stop hook; that invocation returns at once instead of
// starting a supervisor of the supervisor.
func TestRecursionGuard(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(true, "Complete.")
		}
		return Say("Done.")
	})
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, sc.SettingsPath(), marker.Settings())
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)

	sc.agentStops(t, session, "Finish the task.")

	events := marker.Events(t)
	var agentStops, supervisorStops []MarkerEvent
	for _, ev := range events {
		switch {
		case ev.SessionID == session:
			agentStops = append(agentStops, ev)
		case ev.SupervisorHook == "1":
			supervisorStops = append(supervisorStops, ev)
		default:
			t.Errorf("unexpected Stop event without CCC_SUPERVISOR_HOOK: %+v", ev)
		}
	}
	if len(agentStops) != 1 || agentStops[0].SupervisorHook != "" {
		t.Errorf("agent session Stop events = %+v, want one without CCC_SUPERVISOR_HOOK", agentStops)
	}
	if len(supervisorStops) != 1 {
		t.Fatalf("supervisor session Stop events = %+v, want one (the supervisor's session fires Stop too)", supervisorStops)
	}
	fork := supervisorStops[0]
	if fork.Cwd != sc.Project {
		t.Errorf("supervisor session cwd = %q, want the event's cwd %q", fork.Cwd, sc.Project)
	}
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor requests = %d, want 1 (no nested supervisor)", n)
	}
	if _, ok := sc.State(t, fork.SessionID); ok {
		t.Errorf("the guarded invocation wrote state for the supervisor's session %s", fork.SessionID)
	}
	if d := sc.Decisions(t, fork.SessionID); len(d) != 0 {
		t.Errorf("the guarded invocation logged decisions: %v", d)
	}
	if st, _ := sc.State(t, session); st.Count != 1 {
		t.Errorf("agent session count = %d, want 1", st.Count)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:allow")
}
