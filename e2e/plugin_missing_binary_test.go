//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Texts of the plugin-without-the-binary scenario.
const (
	missingDone     = "All done here."
	missingAsk      = "Ask me."
	missingQuestion = "Which color?"
	// The first words of each plugin's line where ccc-hooks is not on PATH
	// (plugins/*/hooks/hooks.json); the rest of it, the install line, may wrap on screen.
	missingSupervisor = "ccc-hooks supervisor: the ccc-hooks program is not on PATH, so nothing was reviewed."
	missingWorkflow   = "ccc-hooks workflow: the ccc-hooks program is not on PATH, so no task was checked."
)

// TestPluginWithoutBinaryTyped: both plugins installed, ccc-hooks not on the PATH Claude Code
// started with. Typed in tmux, each event shows one line per plugin saying what is missing
// (`<Event> says: ccc-hooks supervisor: the ccc-hooks program is not on PATH, …`, with the install
// line), never the shell's "not found" or a failed hook, and the session goes on: the stop ends
// the turn, the question is asked as usual. (Before the guard, both versions showed "Stop hook
// failed" and "/bin/sh: 1: ccc-hooks: not found" at every Stop, and at a question "PreToolUse:
// AskUserQuestion hook failed … Exit 127, likely a missing program": docs/plugin.md.)
func TestPluginWithoutBinaryTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsAgent() && lastUserText(r) == missingAsk {
			return Call("AskUserQuestion", map[string]any{"questions": []any{map[string]any{
				"question": missingQuestion, "header": "Color", "multiSelect": false,
				"options": []any{
					map[string]any{"label": "Red", "description": "the warm one"},
					map[string]any{"label": "Blue", "description": "the cool one"},
				},
			}}}, "")
		}
		return Say(missingDone)
	})
	sc.InstallPlugin(t, "supervisor")
	sc.InstallPlugin(t, "workflow")
	if err := os.Remove(filepath.Join(sc.Bin, "ccc-hooks")); err != nil {
		t.Fatal(err)
	}
	term := startTyped(t, sc, tmux, NewSessionID(t))

	typeLine(t, term, "Do it.")
	term.WaitScreen(t, 30*time.Second, "Stop says: "+missingSupervisor)

	typeLine(t, term, missingAsk)
	term.WaitScreen(t, 60*time.Second, "Enter to select")
	term.WaitScreen(t, time.Second, missingQuestion)
	term.Keys(t, "Down") // the dialog takes keys once the selection moves
	term.WaitScreen(t, 10*time.Second, "❯ 2. Blue")
	answerDialog(t, term, "Which color? → Blue")
	term.WaitScreen(t, 30*time.Second, "PreToolUse:AskUserQuestion says: "+missingSupervisor)
	Eventually(t, 30*time.Second, "the second stop's line", func() bool {
		return strings.Count(term.Screen(), "Stop says: "+missingSupervisor) == 2
	}, term.Screen)
	term.WaitTurnOver(t, 60*time.Second) // whatever else the turn shows is on screen
	screen := term.Screen()
	for _, bad := range []string{"not found", "hook failed", "Exit 127", "hook error"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, screen)
		}
	}
	for line, want := range map[string]int{
		"PreToolUse:AskUserQuestion says: " + missingSupervisor: 1,
		"UserPromptSubmit says: " + missingWorkflow:             2,
		"Stop says: " + missingWorkflow:                         2,
		"Stop says: " + missingSupervisor:                       2,
	} {
		if n := strings.Count(screen, line); n != want {
			t.Errorf("%q shows %d times, want %d:\n%s", line, n, want, screen)
		}
	}
	if !strings.Contains(screen, "Which color? → Blue") {
		t.Errorf("the question was not asked and answered as usual:\n%s", screen)
	}
}

// answerDialog presses Enter in a question dialog until the screen shows answered. On a loaded
// machine the dialog can miss an Enter that comes as it redraws; once it has closed, a further
// Enter lands on the empty prompt, where it does nothing.
func answerDialog(t *testing.T, term *Terminal, answered string) {
	t.Helper()
	for range 3 {
		term.Keys(t, "Enter")
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(pollInterval) {
			if strings.Contains(term.Screen(), answered) {
				return
			}
		}
	}
	t.Fatalf("the dialog was not answered (%q) after three Enters:\n%s", answered, term.Screen())
}
