package workflow

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestClaudeCodeBlockCap: Claude Code overrides a Stop block past its own cap
// (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, default 8), so the workflow never blocks more times in a row
// than min(max_iterations, that cap); at the cap it allows with a systemMessage and counts no
// failure. A Stop with stop_hook_active=false starts the run anew, as it does in Claude Code.
func TestClaudeCodeBlockCap(t *testing.T) {
	tests := []struct {
		name      string
		env       string // CLAUDE_CODE_STOP_HOOK_BLOCK_CAP; "-" for unset
		maxBlocks int
		want      int
	}{
		{"default cap 8 below max_iterations 20", "-", 20, 8},
		{"env cap 3", "3", 20, 3},
		{"max_iterations lower", "5", 2, 2},
		{"cap 0 means none", "0", 11, 11},
		{"not a number is the default", "lots", 20, 8},
		{"cap 1", "-", 1, 1},
		{"negative is the default", "-4", 20, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			if tt.env != "-" {
				f.env[runs.CapVar] = tt.env
			}
			f.maxBlocks = tt.maxBlocks
			f.prompt("/mc fix it")
			transcript := f.transcript(hooktest.WordsLine)
			for i := range tt.want {
				testfs.Append(t, transcript, hooktest.WordsLine)
				out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 0, "transcript_path": transcript})
				if out == nil || out.Decision != "block" {
					t.Fatalf("stop %d: got %+v, want block", i+1, out)
				}
			}
			out := f.handle(event.Stop, map[string]any{"stop_hook_active": true, "transcript_path": transcript})
			already := fmt.Sprintf("already blocked %d times in a row", tt.want)
			if tt.want == 1 {
				already = "already blocked once in a row"
			}
			if out == nil || out.Decision != "" || !strings.Contains(out.SystemMessage, already) {
				t.Fatalf("stop %d: got %+v, want an allow with a systemMessage", tt.want+1, out)
			}
			task := f.only()
			if task.FailureCount != tt.want {
				t.Errorf("failure_count = %d, want %d (the capped stop is no failure)", task.FailureCount, tt.want)
			}
		})
	}
}

// Claude Code starts its count of blocks in a row again when the agent called a tool after a
// block (REAL_CLAUDE_CODE: a Read after each block had six blocks honoured at cap 3): the
// workflow then blocks on up to max_iterations, and says which cap let the stop through.
func TestClaudeCodeBlockCapToolCalls(t *testing.T) {
	f := newFixture(t)
	f.env[runs.CapVar] = "3"
	f.maxBlocks = 5
	f.prompt("/mc fix it")
	transcript := f.transcript(hooktest.WordsLine)
	for i := range 5 {
		if i > 0 {
			testfs.Append(t, transcript, hooktest.ToolLine)
		}
		testfs.Append(t, transcript, hooktest.WordsLine)
		out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 0, "transcript_path": transcript})
		if out == nil || out.Decision != "block" {
			t.Fatalf("stop %d: got %+v, want block", i+1, out)
		}
	}
	testfs.Append(t, transcript, hooktest.ToolLine)
	out := f.handle(event.Stop, map[string]any{"stop_hook_active": true, "transcript_path": transcript})
	if out == nil || out.Decision != "" || !strings.Contains(out.SystemMessage, "already blocked 5 times in a row (the cap, workflow.max_iterations)") {
		t.Fatalf("stop 6: got %+v, want an allow at max_iterations", out)
	}
	if n := f.only().FailureCount; n != 5 {
		t.Errorf("failure_count = %d, want 5", n)
	}
	// Without a transcript it cannot tell whether the agent worked: it counts as Claude Code
	// would if the agent had not, and lets the stop at Claude Code's cap through rather than
	// block it for Claude Code to override (a warning, and a failure that never happened).
	f.prompt("not yet")
	for i := range 3 {
		if out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 0}); out == nil || out.Decision != "block" {
			t.Fatalf("stop %d without a transcript: got %+v, want block", i+1, out)
		}
	}
	out = f.handle(event.Stop, map[string]any{"stop_hook_active": true})
	if out == nil || out.Decision != "" || !strings.Contains(out.SystemMessage, "already blocked 3 times in a row (the cap, Claude Code's "+runs.CapVar+")") {
		t.Fatalf("stop 4 without a transcript: got %+v, want an allow at Claude Code's cap", out)
	}
	if n := f.only().FailureCount; n != 8 {
		t.Errorf("failure_count = %d, want 8 (the stop let through is no failure)", n)
	}
}

// TestRunStartsAnewWithoutStopHookActive: Claude Code counts blocks in a row within one turn; a
// Stop with stop_hook_active=false is a new turn, so the workflow's run starts anew too.
func TestRunStartsAnewWithoutStopHookActive(t *testing.T) {
	f := newFixture(t)
	f.env[runs.CapVar] = "2"
	f.prompt("/mc fix it")
	for turn := range 3 {
		for i := range 2 {
			out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 0})
			if out == nil || out.Decision != "block" {
				t.Fatalf("turn %d stop %d: got %+v, want block", turn, i, out)
			}
		}
	}
	if n := f.only().FailureCount; n != 6 {
		t.Errorf("failure_count = %d, want 6", n)
	}
}

// A session transcript that Claude Code has not written by the first two Stops (2.1.328 in
// claude -p --session-id, docs/claude-code.md) holds no tool call: the block run goes on, and the
// Stop at Claude Code's cap of 2 is let through instead of blocked for Claude Code to override.
// Words written later, all at once, change nothing; a tool call among them starts the run again.
func TestClaudeCodeBlockCapTranscriptWrittenLate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		written string
		block   bool
	}{
		{"words only", hooktest.WordsLine + hooktest.WordsLine + hooktest.WordsLine, false},
		{"a tool call among them", hooktest.WordsLine + hooktest.ToolLine + hooktest.WordsLine, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.env[runs.CapVar] = "2"
			f.prompt("/mc fix it")
			transcript := filepath.Join(t.TempDir(), "not-yet.jsonl")
			for i := range 2 {
				out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 0, "transcript_path": transcript})
				if out == nil || out.Decision != "block" {
					t.Fatalf("stop %d: got %+v, want block", i+1, out)
				}
			}
			testfs.Append(t, transcript, tc.written)
			out := f.handle(event.Stop, map[string]any{"stop_hook_active": true, "transcript_path": transcript})
			if blocked := out != nil && out.Decision == "block"; blocked != tc.block {
				t.Fatalf("stop 3: got %+v, want block %v", out, tc.block)
			}
			want := 2
			if tc.block {
				want = 3
			}
			if n := f.only().FailureCount; n != want {
				t.Errorf("failure_count = %d, want %d", n, want)
			}
		})
	}
}
