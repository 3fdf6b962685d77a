//go:build unix

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestIterationCapEndsAskLoop: a supervisor that always denies and an agent that asks again
// after every denial would loop until Claude Code's own limit. With max_iterations 3 the hook
// reviews exactly three questions; the fourth is let through without review, the user answers
// it, and the session completes (its Stop is past the cap too); the screen tells the user that
// the supervisor stops reviewing until the next prompt.
func TestIterationCapEndsAskLoop(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const feedback = "Do not ask the user; decide yourself."
	const done = "Thanks, using SQLite."
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			return Verdict(false, feedback)
		case r.IsAgent():
			if res, ok := r.LastToolResult(); ok && !res.IsError {
				return Say(done)
			}
			return Call("AskUserQuestion", askInput(), "")
		}
		return Say("OK.")
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_iterations": 3})
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, askPrompt)

	term.WaitScreen(t, 90*time.Second, "Enter to select")
	term.WaitScreen(t, time.Second, question)
	term.Keys(t, "Down")
	term.WaitScreen(t, 10*time.Second, "❯ 2. SQLite")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 30*time.Second, done)
	// The user is told that the supervisor stopped reviewing (the reason alone reaches only the model).
	term.WaitScreen(t, 10*time.Second, "it stops reviewing until you type your next prompt")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 5),
		"PreToolUse:deny", "PreToolUse:deny", "PreToolUse:deny", "PreToolUse:capped", "Stop:capped")

	if n := len(sc.api.Supervisor()); n != 3 {
		t.Errorf("supervisor started %d times, want 3", n)
	}
	denied := 0
	for _, r := range sc.api.Agent() {
		if res, ok := r.LastToolResult(); ok && res.IsError && res.ResultText() == deniedPrefix+feedback {
			denied++
		}
	}
	if denied != 3 {
		t.Errorf("the model saw the denial %d times, want 3", denied)
	}
	if st, _ := sc.State(t, session); st.Count != 3 {
		t.Errorf("state count = %d, want 3", st.Count)
	}
	result := lastToolResult(t, sc.api)
	if got := result.ResultText(); !strings.HasPrefix(got, answeredText) || result.IsError {
		t.Errorf("last tool result = %q (is_error %v), want the user's answer %q", got, result.IsError, answeredText)
	}
}

// lastToolResult is the newest tool result the agent's model received.
func lastToolResult(t *testing.T, api *FakeAPI) ContentBlock {
	t.Helper()
	agent := api.Agent()
	for i := len(agent) - 1; i >= 0; i-- {
		if res, ok := agent[i].LastToolResult(); ok {
			return res
		}
	}
	t.Fatalf("no agent request carried a tool result")
	return ContentBlock{}
}
