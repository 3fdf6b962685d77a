//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Texts of the SubagentStop cap scenario.
const (
	subagentPrompt = "SUBAGENT TASK: review the parser."
	subagentDone   = "Reviewed the parser."
	mainDone       = "The review is done."
	// overrideText starts what Claude Code says when it overrides a Stop block past its cap.
	overrideText = "A hook blocked the turn from ending"
)

// subagentBlockHook writes a plain shell SubagentStop hook that records each payload and blocks
// the first maxBlocks stops with the reason "Block <n>: keep reviewing.", and settings that run
// it with Claude Code's cap on blocks in a row at 3 (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP in "env").
// It returns the folder of the payloads.
func subagentBlockHook(t *testing.T, s *Sandbox, maxBlocks int) string {
	t.Helper()
	dir := filepath.Join(s.Root, "subagent-stops")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(s.Root, "block-subagent.sh")
	s.WriteFile(t, script, fmt.Sprintf(`#!/bin/sh
d=%s
n=$(($(ls "$d" | grep -c '^payload\.') + 1))
cat >"$d/payload.$n.tmp" && mv "$d/payload.$n.tmp" "$d/payload.$n.json"
if [ "$n" -le %d ]; then printf '{"decision":"block","reason":"Block %%d: keep reviewing."}' "$n"; fi
`, dir, maxBlocks), 0o755)
	s.WriteJSON(t, s.SettingsPath(), map[string]any{
		"env":         map[string]any{"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": "3"},
		"permissions": map[string]any{"allow": []any{"Read"}},
		"hooks": map[string]any{"SubagentStop": []any{
			map[string]any{"hooks": []any{map[string]any{"type": "command", "command": script, "timeout": 30}}},
		}},
	})
	return dir
}

// subagentStops reads the payloads the hook recorded, in order.
func subagentStops(t *testing.T, dir string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for n := 1; ; n++ {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("payload.%d.json", n)))
		if os.IsNotExist(err) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatalf("SubagentStop payload %d: %v\n%s", n, err, data)
		}
		out = append(out, p)
	}
}

// TestSubagentStopBlockCap settles, by experiment on each tested version, how Claude Code caps
// SubagentStop blocks: as it caps Stop blocks. A plain shell SubagentStop hook blocks every stop
// of a subagent (up to ten times), with CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=3; the main agent starts
// one subagent (in the background, as Claude Code does by default).
//   - A subagent that answers each block in words only has three blocks honoured: the hook runs
//     four times and the subagent makes four requests (its task, then one per block, each handing
//     it that block's reason). Claude Code overrides the fourth block without a word: nothing on
//     the screen, in claude -p's output or in either transcript; the main agent gets the
//     subagent's answer as if it had ended normally.
//   - A subagent that calls a tool (Read) after each block has all ten blocks honoured (the hook
//     runs eleven times, the eleventh lets it stop; 21 subagent requests): a tool call starts the
//     count again, per subagent, as for Stop.
//
// stop_hook_active is false at the subagent's first stop and true at each stop after a block.
// Seen alike on 2.1.328 and 2.1.332, in claude -p and interactive sessions.
func TestSubagentStopBlockCap(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		interactive bool
		read        bool
		runs        int // SubagentStop hook runs
		requests    int // subagent requests
	}{
		{"words only, claude -p", false, false, 4, 4},
		{"a tool call after each block, claude -p", false, true, 11, 21},
		{"words only, interactive", true, false, 4, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var file string
			sc := newScenario(t, func(r *Request) Reply {
				switch {
				case !r.IsAgent():
					return Say("OK.")
				case strings.Contains(firstUserText(r), subagentPrompt):
					if tc.read && len(r.ToolResults()) < feedbackTurns(r, ": keep reviewing.") {
						return Call("Read", map[string]any{"file_path": file}, "")
					}
					return Say(subagentDone)
				case len(r.ToolResults()) == 0:
					return Call("Agent", map[string]any{"description": "parser review", "subagent_type": "general-purpose", "prompt": subagentPrompt}, "")
				}
				return Say(mainDone)
			})
			file = filepath.Join(sc.Project, "parser.go")
			sc.WriteFile(t, file, "package parser\n", 0o644)
			dir := subagentBlockHook(t, sc.Sandbox, 10)
			session := NewSessionID(t)
			var shown string
			if tc.interactive {
				term := sc.StartTerminal(t, RequireTmux(t), sc.Claude.Path, "--session-id", session, "--permission-mode", "default", "Review the parser.")
				term.Scrollback = true
				Eventually(t, 60*time.Second, "the main agent's answer after the subagent's", func() bool {
					return len(subagentStops(t, dir)) == tc.runs && strings.Count(term.Screen(), mainDone) >= 2
				}, term.Screen)
				term.WaitTurnOver(t, 60*time.Second) // nothing more happens
				shown = term.Screen()
			} else {
				res := sc.ClaudePrint(t, 120*time.Second, "Review the parser.", "--session-id", session, "--output-format", "json", "--verbose")
				if res.ExitCode != 0 {
					t.Fatalf("claude -p: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
				}
				shown = res.Stdout + res.Stderr
			}

			stops := subagentStops(t, dir)
			if len(stops) != tc.runs {
				t.Fatalf("SubagentStop hook runs = %d, want %d", len(stops), tc.runs)
			}
			for i, p := range stops {
				if active, _ := p["stop_hook_active"].(bool); active != (i > 0) {
					t.Errorf("SubagentStop %d: stop_hook_active %v, want %v", i+1, active, i > 0)
				}
			}
			sub := sc.api.Filter(func(r *Request) bool { return r.IsAgent() && strings.Contains(firstUserText(r), subagentPrompt) })
			if len(sub) != tc.requests {
				t.Errorf("subagent requests = %d, want %d", len(sub), tc.requests)
			}
			if !tc.read {
				for i, r := range sub[1:] {
					if reason := fmt.Sprintf("Block %d: keep reviewing.", i+1); feedbackTurns(r, reason) != 1 {
						t.Errorf("subagent request %d does not hand it %q once: %q", i+2, reason, r.Texts())
					}
				}
			}
			transcript, _ := stops[0]["transcript_path"].(string)
			subTranscript, _ := stops[0]["agent_transcript_path"].(string)
			if strings.Contains(shown, overrideText) || strings.Contains(sc.ReadFile(t, transcript), overrideText) ||
				strings.Contains(sc.ReadFile(t, subTranscript), overrideText) {
				t.Errorf("Claude Code said it overrode a block:\n%s", shown)
			}
			reported := sc.api.Filter(func(r *Request) bool {
				return r.IsAgent() && !strings.Contains(firstUserText(r), subagentPrompt) && r.Contains(subagentDone)
			})
			if len(reported) == 0 {
				t.Errorf("the main agent never got the subagent's answer %q", subagentDone)
			}
		})
	}
}
