//go:build unix

package e2e

import (
	"regexp"
	"testing"
	"time"
)

// TestSpinnerNamesTheFirstHookStillRunning measures what Claude Code can show while hooks run,
// with plain shell hooks typed into the interactive client: the spinner shows a handler's fixed
// statusMessage, and where an event runs several handlers (Claude Code starts them together), the
// statusMessage of the first one in order not yet finished, with how many finished of how many:
// "first… 0/2", then "second… 1/2". Nothing a running hook prints changes it. A hook cannot name
// what it does inside (which check of supervisor.checks runs): only one handler per step, each
// with its own statusMessage, could (docs/claude-code.md, "What the spinner can show").
func TestSpinnerNamesTheFirstHookStillRunning(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsAgent() {
			return Say("Parser done.")
		}
		return Say("OK.")
	})
	hook := func(seconds, status string) map[string]any {
		return map[string]any{
			"type": "command", "statusMessage": status,
			"command": "echo running " + seconds + " >&2; sleep " + seconds,
		}
	}
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{"Stop": []any{
		map[string]any{"hooks": []any{hook("4", "check one of two"), hook("9", "then the review")}},
	}}})
	term := startTyped(t, sc, tmux, NewSessionID(t))
	typeLine(t, term, "Fix the parser.")

	first := regexp.MustCompile(`\(check one of two… 0/2 · \d+s`)
	second := regexp.MustCompile(`\(then the review… 1/2 · \d+s`)
	Eventually(t, 60*time.Second, "the spinner names the first hook still running", func() bool { return first.MatchString(term.Screen()) }, term.Screen)
	Eventually(t, 60*time.Second, "then the next one, once the first is done", func() bool { return second.MatchString(term.Screen()) }, term.Screen)
	t.Logf("screen while the second hook ran:\n%s", term.Screen())
}
