//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
)

// TestReviewerHookFailsClosed: Claude Code lets a tool call go ahead when a PreToolUse hook fails
// — exits with any status but 0 or 2, cannot start, is killed, or runs past its timeout —
// unless the hook entry says "onFailure": "block". The reviewer's read-only hook, as ccc-hooks
// gives it through --settings (GuardSettings: exec form, onFailure block), refuses a `rm` that
// the local settings allow when its binary is gone, and the same entry refuses it when its
// program crashes, is killed or hangs past the timeout; the file stays. Each control — the same
// hook without onFailure — lets the `rm` through: the test can fail. Seen on 2.1.328 and 2.1.332.
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
	program := func(name, script string) string {
		path := filepath.Join(sc.Root, name)
		sc.WriteFile(t, path, "#!/bin/sh\n"+script, 0o755)
		return path
	}
	crashes := program("crashes", "echo 'guard: boom' >&2\nexit 1\n")
	killed := program("killed", "kill -9 $$\n")
	hangs := program("hangs", "exec sleep 30\n")
	// without is the product's entry for g with the timeout given and without onFailure.
	without := func(g hookcmd.Handler, timeout int) string {
		g.Timeout = timeout
		return `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[` + mustJSON(t, g) + `]}]}}`
	}
	// withTimeout is the product's entry, its timeout shortened for the hanging program.
	withTimeout := func(g hookcmd.Handler, timeout int) string {
		return strings.Replace(reviewer.GuardSettings(g, nil), `"timeout":60`, `"timeout":`+mustJSON(t, timeout), 1)
	}
	missing := reviewer.GuardOf(filepath.Join(sc.Root, "moved", "ccc-hooks"))
	for _, tt := range []struct {
		name, settings, why string
		kept                bool
	}{
		{"binary gone", reviewer.GuardSettings(missing, nil), "failed", true},
		{"binary gone, no onFailure", without(missing, 60), "", false},
		{"crashes", reviewer.GuardSettings(hookcmd.Exec(crashes), nil), "guard: boom", true},
		{"crashes, no onFailure", without(hookcmd.Exec(crashes), 60), "", false},
		{"killed", reviewer.GuardSettings(hookcmd.Exec(killed), nil), "failed", true},
		{"killed, no onFailure", without(hookcmd.Exec(killed), 60), "", false},
		{"hangs", withTimeout(hookcmd.Exec(hangs), 2), "timed out", true},
		{"hangs, no onFailure", without(hookcmd.Exec(hangs), 2), "", false},
	} {
		sc.WriteFile(t, keep, "keep\n", 0o644)
		res := sc.ClaudePrint(t, 90*time.Second, reviewPrompt, "--resume="+session, "--fork-session",
			"--no-session-persistence", "--output-format", "json", "--permission-mode", "dontAsk",
			"--settings="+tt.settings)
		pr := ParsePrintResult(t, res)
		kept := sc.ReadFile(t, keep) == "keep\n"
		if kept != tt.kept {
			t.Errorf("%s: keep.txt kept %v, want %v; reviewer: %s", tt.name, kept, tt.kept, pr.Result)
		}
		if tt.kept && (!strings.Contains(pr.Result, "PreToolUse:Bash hook error") || !strings.Contains(pr.Result, tt.why)) {
			t.Errorf("%s: the reviewer did not see the hook's refusal (%q): %s", tt.name, tt.why, pr.Result)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
