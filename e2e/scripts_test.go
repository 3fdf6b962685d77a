//go:build unix

package e2e

import "strings"

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

// stopFeedback is how Claude Code hands a Stop hook's block reason to the
// model: a user turn of its own.
func stopFeedback(reason string) string {
	return "Stop hook feedback:\n" + reason
}

// stopBlockingError is the system turn interactive sessions add for a Stop
// hook that blocked.
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
