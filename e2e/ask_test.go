//go:build unix

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestSupervisorDeniesQuestion: the agent asks the user a question, the
// supervisor (a forked `claude -p`) denies it, the question never reaches the
// screen and the model receives the supervisor's feedback as the tool error.
func TestSupervisorDeniesQuestion(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const feedback = "Do not ask: the project already uses Postgres, pick it and carry on."
	const done = "Going with Postgres."
	sc := newScenario(t, denyQuestionScript(feedback, done))
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, askPrompt)

	waitAnswerWithoutQuestion(t, term, done, 60*time.Second)
	// The question and then the stop were both reviewed.
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "PreToolUse:deny", "Stop:allow")

	result := toolResultAfterAsk(t, sc.api)
	if want := deniedPrefix + feedback; result.ResultText() != want || !result.IsError {
		t.Errorf("tool result = %q (is_error %v), want %q (is_error true)", result.ResultText(), result.IsError, want)
	}
	sup := sc.api.Supervisor()
	if len(sup) != 2 {
		t.Fatalf("supervisor requests = %d, want 2 (question, then stop)", len(sup))
	}
	if p := promptOf(sup[0]); !strings.Contains(p, question) {
		t.Errorf("the review prompt of the question does not carry the pending question:\n%s", p)
	}
	checkFork(t, sup[0], askPrompt)
	if screen := term.Screen(); strings.Contains(screen, "Enter to select") {
		t.Errorf("a question dialog is open:\n%s", screen)
	}
}

// TestSupervisorAllowsQuestion: the supervisor allows the question, it is
// shown, the user picks an option and the answer reaches the model.
func TestSupervisorAllowsQuestion(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const done = "SQLite it is."
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			return Verdict(true, "Asking the user is right here.")
		case r.IsAgent():
			return askingAgent(r, done)
		}
		return Say("OK.")
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, askPrompt)

	term.WaitScreen(t, 60*time.Second, "Enter to select")
	term.WaitScreen(t, time.Second, question)
	term.Keys(t, "Down")
	term.WaitScreen(t, 10*time.Second, "❯ 2. SQLite")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 30*time.Second, done)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "PreToolUse:allow", "Stop:allow")

	result := toolResultAfterAsk(t, sc.api)
	if got := result.ResultText(); !strings.HasPrefix(got, answeredText) || result.IsError {
		t.Errorf("tool result = %q (is_error %v), want prefix %q", got, result.IsError, answeredText)
	}
	sup := sc.api.Supervisor()
	if len(sup) != 2 {
		t.Fatalf("supervisor requests = %d, want 2 (question, then stop)", len(sup))
	}
	if p := promptOf(sup[0]); !strings.Contains(p, question) {
		t.Errorf("the review prompt of the question does not carry the pending question:\n%s", p)
	}
}

// toolResultAfterAsk is the tool result of the agent's AskUserQuestion call,
// as the model received it.
func toolResultAfterAsk(t *testing.T, api *FakeAPI) ContentBlock {
	t.Helper()
	for _, r := range api.Agent() {
		if res, ok := r.LastToolResult(); ok {
			return res
		}
	}
	t.Fatalf("no agent request carried a tool result")
	return ContentBlock{}
}
