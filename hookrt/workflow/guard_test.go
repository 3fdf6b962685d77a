package workflow

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// TestGuardKeepsTheAgentFromClosing: the agent's Edit and Write of a task's .task-meta.json are
// refused, with the ways the user closes a task; so is an edit of context.md that would make its
// feedback section confirm. Every other write gets no decision (Claude Code's own rules apply).
func TestGuardKeepsTheAgentFromClosing(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	task := f.only()
	meta, ctx := task.MetaPath(), filepath.Join(task.Dir, ContextFile)
	ctxData, err := os.ReadFile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, tool string
		input      map[string]any
		deny       string
	}{
		{"Edit of .task-meta.json", "Edit", map[string]any{"file_path": meta, "old_string": `"in_progress"`, "new_string": `"completed"`}, "workflow's record of the task"},
		{"Write of .task-meta.json", "Write", map[string]any{"file_path": meta, "content": "{}"}, "only the user closes a task"},
		{"MultiEdit of .task-meta.json", "MultiEdit", map[string]any{"file_path": meta, "edits": []any{}}, "ccc-hooks task confirm"},
		{"Edit confirming in context.md", "Edit", map[string]any{"file_path": ctx, "old_string": "the agent may not. -->\n", "new_string": "the agent may not. -->\n用户确认: 是\n"}, "only the user writes a confirmation there"},
		{"Write confirming in context.md", "Write", map[string]any{"file_path": ctx, "content": string(ctxData) + "已修复\n"}, "### 用户反馈"},
		{"Edit of context.md elsewhere", "Edit", map[string]any{"file_path": ctx, "old_string": "## Context\n", "new_string": "## Context\n\nThe shop fails.\n"}, ""},
		{"Edit writing a negation", "Edit", map[string]any{"file_path": ctx, "old_string": "the agent may not. -->\n", "new_string": "the agent may not. -->\n未修复\n"}, ""},
		{"Write of solution.md", "Write", map[string]any{"file_path": filepath.Join(task.Dir, SolutionFile), "content": "fixed"}, ""},
		{"a context.md outside tasks/", "Write", map[string]any{"file_path": filepath.Join(f.project, ContextFile), "content": "### 用户反馈\n已修复\n"}, ""},
		{"Read of .task-meta.json", "Read", map[string]any{"file_path": meta}, ""},
		{"Write of a context.md not there yet", "Write", map[string]any{"file_path": filepath.Join(filepath.Dir(task.Dir), "task-20260314-160000", ContextFile), "content": "### 用户反馈\n用户确认: 是\n"}, "only the user writes a confirmation there"},
		{"Edit of a context.md not there", "Edit", map[string]any{"file_path": filepath.Join(filepath.Dir(task.Dir), "task-20260314-160000", ContextFile), "old_string": "", "new_string": "### 用户反馈\n用户确认: 是\n"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			input, _ := json.Marshal(tt.input)
			out := Guard(&event.Event{SessionID: session, Name: event.PreToolUse, ToolName: tt.tool, ToolInput: input})
			switch {
			case tt.deny == "" && out != nil:
				t.Errorf("got %+v, want no decision", out)
			case tt.deny != "" && (out == nil || out.HookSpecificOutput.PermissionDecision != "deny" ||
				!strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, tt.deny)):
				t.Errorf("got %+v, want a deny saying %q", out, tt.deny)
			}
		})
	}
}
