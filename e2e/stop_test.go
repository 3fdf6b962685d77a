//go:build unix

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestSupervisorBlocksStopOnce: the agent tries to stop, the supervisor
// blocks once with feedback, the agent continues with the feedback in its
// next request, the second review allows and the session ends.
func TestSupervisorBlocksStopOnce(t *testing.T) {
	t.Parallel()
	const (
		prompt   = "Implement the parser."
		feedback = "Add a test for the empty-input case before stopping."
		first    = "Implemented the parser. Done."
		second   = "Added the empty-input test. Done."
	)
	sc := newScenario(t, blockOnceScript(feedback, first, second))
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, prompt)

	if pr.Result != second {
		t.Errorf("final result = %q, want %q", pr.Result, second)
	}
	agent := sc.api.Agent()
	if len(agent) != 2 {
		t.Fatalf("agent requests = %d, want 2 (before and after the block)", len(agent))
	}
	if agent[0].Contains(feedback) {
		t.Errorf("the first agent request already carries the feedback")
	}
	if n := feedbackTurns(agent[1], feedback); n != 1 {
		t.Errorf("second agent request hands the model %q in %d user turns, want one; texts: %q", feedback, n, agent[1].Texts())
	}
	// Claude Code names the hook it ran by the statusMessage install wrote on it.
	if want := stopBlockingError(reviewing, feedback); agent[1].CountTextsContaining(want) != 1 {
		t.Errorf("second agent request does not carry %q once; texts: %q", want, agent[1].Texts())
	}
	sup := sc.api.Supervisor()
	if len(sup) != 2 {
		t.Fatalf("supervisor requests = %d, want 2", len(sup))
	}
	checkFork(t, sup[0], prompt)
	if !sup[0].Contains(first) {
		t.Errorf("the first review does not see the agent's last message %q", first)
	}
	if p := promptOf(sup[0]); strings.TrimSpace(p) == "" {
		t.Errorf("the review prompt is empty")
	}
	if st, _ := sc.State(t, session); st.Count != 2 {
		t.Errorf("state count = %d, want 2", st.Count)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:block", "Stop:allow")
}

// TestIterationCapEndsStopLoop: a supervisor that never approves is asked
// exactly max_iterations times; then the hook allows without review and the
// session completes.
func TestIterationCapEndsStopLoop(t *testing.T) {
	t.Parallel()
	const feedback = "Not done yet."
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(false, feedback)
		}
		// Each stop says something new, as a model's would: the same Stop bytes again within
		// seconds are one event reaching ccc-hooks twice (answered once), not a new stop.
		return Say(fmt.Sprintf("Done (%d).", feedbackTurns(r, feedback)))
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_iterations": 3})
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Finish the task.")

	if pr.Result != "Done (3)." {
		t.Errorf("final result = %q, want %q", pr.Result, "Done (3).")
	}
	if n := len(sc.api.Supervisor()); n != 3 {
		t.Errorf("supervisor started %d times, want 3", n)
	}
	agent := sc.api.Agent()
	if len(agent) != 4 {
		t.Errorf("agent requests = %d, want 4 (three blocks, then the allowed stop)", len(agent))
	}
	if n := feedbackTurns(agent[len(agent)-1], feedback); n != 3 {
		t.Errorf("the last agent request carries the feedback %d times, want 3", n)
	}
	if st, _ := sc.State(t, session); st.Count != 3 {
		t.Errorf("state count = %d, want 3", st.Count)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:block", "Stop:block", "Stop:block", "Stop:capped")
}

// TestSupervisorOff: with the hooks installed but the supervisor off, the
// session stops at once and no review reaches the model.
func TestSupervisorOff(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(false, "should never be asked")
		}
		return Say("Done.")
	})
	sc.Install(t, sc.product)
	if out := sc.MustCCC(t, sc.product, "supervisor", "status", "--default").Stdout; strings.TrimSpace(out) != "off" {
		t.Errorf("supervisor status = %q, want off", out)
	}
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Finish the task.")

	if pr.Result != "Done." {
		t.Errorf("final result = %q, want Done.", pr.Result)
	}
	if n := len(sc.api.Supervisor()); n != 0 {
		t.Errorf("supervisor requests = %d, want 0", n)
	}
	if n := len(sc.api.Agent()); n != 1 {
		t.Errorf("agent requests = %d, want 1 (nothing blocked)", n)
	}
	for _, r := range sc.api.Agent() {
		if r.Contains("Stop hook") {
			t.Errorf("request %d mentions a Stop hook: %q", r.Seq, r.Texts())
		}
	}
	if st, _ := sc.State(t, session); st.Count != 0 {
		t.Errorf("state count = %d, want 0", st.Count)
	}
}
