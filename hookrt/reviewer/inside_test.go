package reviewer

import (
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
)

// TestInsideReviewIsReadOnly: inside a review every tool call meets the read-only rule, whatever
// the user's own settings allow: what it refuses is denied, what it grants gets no decision
// (Claude Code's own permission checks still apply), supervisor.allowed_tools included. git runs
// only in the environment of the review's git view, and no Bash command while a variable makes
// bash run code before it.
func TestInsideReviewIsReadOnly(t *testing.T) {
	cfg := config.Default()
	cfg.AllowedTools = []string{"Bash(go test:*)"}
	walled := append(gitview.Hardening(), (*gitview.View)(nil).Env()...)
	tests := []struct {
		tool, input string
		deny        bool
		cwd, dir    string   // the event's cwd and the review's directory (ReviewDirEnv)
		env         []string // the reviewer's variables besides those; the wall's when nil
	}{
		{"Read", `{"file_path":"/p/go.mod"}`, false, "", "", nil},
		{"Bash", `{"command":"git status && go test ./..."}`, false, "", "", nil},
		{"Bash", `{"command":"git status"}`, true, "/p/nested", "/p", nil},
		{"Bash", `{"command":"git status"}`, true, "/p", "-", nil},
		{"Bash", `{"command":"ls"}`, false, "/p", "-", nil},
		{"Bash", `{"command":"rm -f keep-me.txt"}`, true, "", "", nil},
		{"Bash", `{"command":"git diff; git checkout ."}`, true, "", "", nil},
		{"Bash", `{"command":"go test ./... > out.txt"}`, true, "", "", nil},
		{"Edit", `{"file_path":"/p/a.go","old_string":"a","new_string":"b"}`, true, "", "", nil},
		{"Write", `{"file_path":"/p/a.go","content":"x"}`, true, "", "", nil},
		{"AskUserQuestion", `{"questions":[]}`, true, "", "", nil},
		// git without the wall's environment, or with a variable of someone else's.
		{"Bash", `{"command":"git status"}`, true, "", "", []string{}},
		{"Bash", `{"command":"ls"}`, false, "", "", []string{}},
		{"Bash", `{"command":"git status"}`, true, "", "", append(slices.Clone(walled), "GIT_EXEC_PATH=/p/bin")},
		{"Bash", `{"command":"git log"}`, true, "", "", append(slices.Clone(walled)[1:], "GIT_CONFIG_GLOBAL=/p/.gitconfig")},
		// bash would run code before the command.
		{"Bash", `{"command":"ls"}`, true, "", "", append(slices.Clone(walled), "BASH_ENV=/p/x.sh")},
		{"Bash", `{"command":"ls"}`, true, "", "", append(slices.Clone(walled), "BASH_FUNC_ls%%=() { rm -rf /p; }")},
		{"Read", `{"file_path":"/p/go.mod"}`, false, "", "", append(slices.Clone(walled), "BASH_ENV=/p/x.sh")},
	}
	for _, tt := range tests {
		ev := &event.Event{SessionID: "g", Name: event.PreToolUse, ToolName: tt.tool, ToolInput: json.RawMessage(tt.input), CWD: "/p"}
		dir := "/p"
		if tt.cwd != "" {
			ev.CWD, dir = tt.cwd, tt.dir
		}
		if dir == "-" {
			dir = ""
		}
		vars := tt.env
		if vars == nil {
			vars = walled
		}
		vars = append(slices.Clone(vars), ReviewDirEnv+"="+dir, "PATH=/usr/bin:/bin")
		getenv := func(k string) string {
			for _, kv := range vars {
				if name, value, _ := strings.Cut(kv, "="); name == k {
					return value
				}
			}
			return ""
		}
		env := outside.System(io.Discard)
		env.Getenv, env.Environ = getenv, func() []string { return vars }
		out := InsideReview(ev, cfg, env)
		switch {
		case !tt.deny && out != nil:
			t.Errorf("%s %s %q: output %+v, want no decision", tt.tool, tt.input, tt.env, out)
		case tt.deny && (out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny"):
			t.Errorf("%s %s %q: output %+v, want deny", tt.tool, tt.input, tt.env, out)
		case tt.deny && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "read-only"):
			t.Errorf("%s: reason %q does not say the review is read-only", tt.tool, out.HookSpecificOutput.PermissionDecisionReason)
		}
	}
}
