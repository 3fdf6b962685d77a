//go:build unix

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// TestReviewerHookFailsClosed: Claude Code lets a tool call go ahead when a PreToolUse hook fails
// with any exit status but 2. The reviewer's read-only hook, as ccc-hooks gives it through
// --settings, exits 2 when its binary cannot run, so a `rm` that the local settings allow is
// refused and the file stays; the same hook without that fallback lets the `rm` through.
func TestReviewerHookFailsClosed(t *testing.T) {
	t.Parallel()
	const reviewPrompt = "Review the work."
	sc := newScenario(t, func(r *Request) Reply {
		if !r.Contains(reviewPrompt) {
			return Say("Done.")
		}
		if res, ok := r.LastToolResult(); ok {
			return Say("rm said: " + res.ResultText())
		}
		return Call("Bash", map[string]any{"command": "rm -f keep.txt", "description": "Remove"}, "")
	})
	keep := filepath.Join(sc.Project, "keep.txt")
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.local.json"), map[string]any{
		"permissions": map[string]any{"allow": []string{"Bash(rm:*)"}},
	})
	session := NewSessionID(t)
	sc.agentStops(t, session, "Start.")
	missing := filepath.Join(sc.Root, "moved", "ccc-hooks")
	for _, tt := range []struct {
		command string
		kept    bool
	}{
		{supervisor.GuardCommand(missing), true},
		{missing + " hook", false}, // the control: without the fallback the call goes ahead
	} {
		sc.WriteFile(t, keep, "keep\n", 0o644)
		res := sc.ClaudePrint(t, 90*time.Second, reviewPrompt, "--resume="+session, "--fork-session",
			"--no-session-persistence", "--output-format", "json", "--permission-mode", "dontAsk",
			"--settings="+supervisor.GuardSettings(tt.command, "", nil))
		pr := ParsePrintResult(t, res)
		kept := sc.ReadFile(t, keep) == "keep\n"
		if kept != tt.kept {
			t.Errorf("hook %q: keep.txt kept %v, want %v; reviewer: %s", tt.command, kept, tt.kept, pr.Result)
		}
		if tt.kept && !strings.Contains(pr.Result, "PreToolUse:Bash hook error") {
			t.Errorf("hook %q: the reviewer did not see the hook's refusal: %s", tt.command, pr.Result)
		}
	}
}
