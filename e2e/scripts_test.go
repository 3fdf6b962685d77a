//go:build unix

package e2e

import (
	"strings"
	"testing"
	"time"
)

// The question the agent asks in the interactive scenarios.
const (
	question     = "Which database should I use?"
	askPrompt    = "Set up the storage layer."
	deniedPrefix = "PreToolUse:AskUserQuestion hook error: "
	answeredText = `Your questions have been answered: "` + question + `"="SQLite".`
)

// askInput is the AskUserQuestion call the agent makes.
func askInput() map[string]any {
	return map[string]any{"questions": []any{map[string]any{
		"question": question, "header": "DB", "multiSelect": false,
		"options": []any{
			map[string]any{"label": "Postgres", "description": "relational"},
			map[string]any{"label": "SQLite", "description": "embedded"},
		},
	}}}
}

// askingAgent asks the question until some tool result comes back, then
// ends its turn with done.
func askingAgent(r *Request, done string) Reply {
	if _, ok := r.LastToolResult(); ok {
		return Say(done)
	}
	return Call("AskUserQuestion", askInput(), "")
}

// feedbackTurns counts the user turns of r that hand the model a Stop (or SubagentStop) hook's
// block reason: text blocks of user messages that contain reason. Claude Code frames the reason
// by version — 2.1.328 sends "Stop hook feedback:\n<reason>", 2.1.332 the same inside a
// <system-reminder> that first says whose hook it is (docs/claude-code.md) — so only the reason
// is matched. The second copy, the system turn of stopBlockingError, is not a user turn.
func feedbackTurns(r *Request, reason string) int {
	n := 0
	for _, m := range r.Body.Messages {
		if m.Role != "user" {
			continue
		}
		for _, b := range m.Content {
			if b.Type == "text" && strings.Contains(b.Text, reason) {
				n++
			}
		}
	}
	return n
}

// reviewing is the statusMessage of the supervisor's handlers. Claude Code shows it in its
// spinner while the hook runs, and names the hook by it where it would name the command: a
// block reaches the model as `Stop hook blocking error from command: "ccc-hooks supervisor
// reviewing": R` (2.1.328 and 2.1.332: the hook's name is its statusMessage when it has one, else
// its command).
const reviewing = "ccc-hooks supervisor reviewing"

// stopBlockingError is the system turn Claude Code adds for a Stop hook that blocked, the same on
// every tested version; command is the hook's name (see reviewing).
func stopBlockingError(command, reason string) string {
	return `Stop hook blocking error from command: "` + command + `": ` + reason
}

// promptOf is the text of the last user turn of a request: for a supervisor
// session, the review prompt ccc-hooks passed to `claude -p`. (Interactive
// sessions may add system turns after it.)
func promptOf(r *Request) string {
	msgs := r.Body.Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return strings.Join(msgs[i].Texts(), "\n")
		}
	}
	return ""
}

// blockOnceScript: the supervisor blocks the first stop with feedback and allows the second.
func blockOnceScript(feedback, first, second string) Script {
	return func(r *Request) Reply {
		switch {
		case r.IsSupervisor() && r.Contains(feedback):
			return Verdict(true, "Complete now.")
		case r.IsSupervisor():
			return Verdict(false, feedback)
		case r.IsAgent() && r.Contains(feedback):
			return Say(second)
		}
		return Say(first)
	}
}

// denyQuestionScript: the agent asks its question (see askingAgent) and ends with done; the
// supervisor denies the question with feedback and allows the stop after the denial.
func denyQuestionScript(feedback, done string) Script {
	return func(r *Request) Reply {
		switch {
		case r.IsSupervisor() && r.Contains(deniedPrefix):
			return Verdict(true, "The agent decided on its own; fine to stop.")
		case r.IsSupervisor():
			return Verdict(false, feedback)
		case r.IsAgent():
			return askingAgent(r, done)
		}
		return Say("OK.")
	}
}

// waitAnswerWithoutQuestion waits for done on the screen, failing at once should the denied
// question ever show.
func waitAnswerWithoutQuestion(t *testing.T, term *Terminal, done string, d time.Duration) {
	t.Helper()
	Eventually(t, d, "the agent's final answer on screen", func() bool {
		screen := term.Screen()
		if strings.Contains(screen, question) {
			t.Fatalf("the denied question reached the screen:\n%s", screen)
		}
		return strings.Contains(screen, done)
	}, term.Screen)
}
