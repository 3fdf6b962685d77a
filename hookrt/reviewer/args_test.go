package reviewer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/google/go-cmp/cmp"
)

func TestArgs(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want []string
	}{
		{
			"defaults",
			Request{
				SessionID: "s", PermissionMode: "dontAsk", AllowedTools: []string{"Bash(git diff:*)", "Bash(git log:*)"},
				ExtraArgs: []string{"--model", "opus"}, Prompt: "Review.", Guard: GuardOf("/bin/ccc-hooks"),
			},
			[]string{
				"-p", "--resume=s", "--fork-session", "--no-session-persistence", "--output-format", "json", "--setting-sources=user",
				`--settings={"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/bin/ccc-hooks","args":["hook"],"timeout":60,"onFailure":"block"}]}]}}`,
				"--permission-mode", "dontAsk",
				"--allowedTools=Bash(git diff:*)", "--allowedTools=Bash(git log:*)", "--model", "opus", "Review.",
			},
		},
		{
			"sandboxed",
			Request{SessionID: "s", PermissionMode: "dontAsk", Prompt: "Review.", Guard: GuardOf("x"), Sandbox: &bashsandbox.Plan{ReadOnly: []string{"/work/p", "/home/u"}}},
			[]string{
				"-p", "--resume=s", "--fork-session", "--no-session-persistence", "--output-format", "json", "--setting-sources=user",
				`--settings={"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"x","args":["hook"],"timeout":60,"onFailure":"block"}]}]},` +
					`"sandbox":{"allowUnsandboxedCommands":false,"autoAllowBashIfSandboxed":false,"enabled":true,"failIfUnavailable":false,` +
					`"filesystem":{"denyWrite":["/work/p","/home/u"],"disabled":false}}}`,
				"--permission-mode", "dontAsk", "Review.",
			},
		},
		{
			"budget, no tools, prompt like an option",
			Request{SessionID: "s", PermissionMode: "manual", MaxBudgetUSD: 0.25, Prompt: "---\ntitle: x\n---", Guard: GuardOf("x")},
			[]string{
				"-p", "--resume=s", "--fork-session", "--no-session-persistence", "--output-format", "json", "--setting-sources=user",
				`--settings={"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"x","args":["hook"],"timeout":60,"onFailure":"block"}]}]}}`,
				"--permission-mode", "manual",
				"--max-budget-usd", "0.25", "\n---\ntitle: x\n---",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.req.Args()); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	out := `{"type":"result","subtype":"success","is_error":false,"duration_ms":2100,"num_turns":3,"result":"x",
"session_id":"fork-1","total_cost_usd":0.0421,"usage":{"input_tokens":120,"cache_creation_input_tokens":3000,
"cache_read_input_tokens":9000,"output_tokens":85},"permission_denials":[{"tool_name":"Bash"}]}`
	want := Usage{
		ForkID: "fork-1", CostUSD: 0.0421, NumTurns: 3, InputTokens: 120, OutputTokens: 85,
		CacheCreationInputTokens: 3000, CacheReadInputTokens: 9000, PermissionDenials: 1,
	}
	if diff := cmp.Diff(want, readOutput([]byte(out)).usage()); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, readOutput([]byte("[{\"type\":\"system\"},"+out+"]")).usage()); diff != "" {
		t.Errorf("verbose usage (-want +got):\n%s", diff)
	}
	for _, junk := range []string{"", "not json", "[1,2]", `{"total_cost_usd":"x"}`} {
		if got := readOutput([]byte(junk)).usage(); got != (Usage{}) {
			t.Errorf("usage of %q = %+v, want zero", junk, got)
		}
	}
}

// TestGuardRunsTheBinaryWithoutAShell: the reviewer's hook runs this binary in exec form, the
// path as it is (spaces, quotes, a Windows path: no shell reads it), with "onFailure": "block".
func TestGuardRunsTheBinaryWithoutAShell(t *testing.T) {
	for _, path := range []string{"/usr/local/bin/ccc-hooks", "/home/me/my tools/ccc-hooks", "/home/o'brien/$bin/ccc-hooks", `C:\Users\Jo Smith\bin\ccc-hooks.exe`} {
		var got struct {
			Hooks map[string][]struct {
				Matcher string
				Hooks   []map[string]any
			}
		}
		if err := json.Unmarshal([]byte(GuardSettings(GuardOf(path), nil)), &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{"type": "command", "command": path, "args": []any{"hook"}, "timeout": float64(60), "onFailure": "block"}
		if diff := cmp.Diff([]map[string]any{want}, got.Hooks["PreToolUse"][0].Hooks); diff != "" || got.Hooks["PreToolUse"][0].Matcher != "*" {
			t.Errorf("GuardSettings(%q) (-want +got):\n%s", path, diff)
		}
	}
	if got, want := GuardSettings(hookcmd.Exec("/bin/sh"), nil), `"args":[]`; !strings.Contains(got, want) {
		t.Errorf("GuardSettings without arguments = %s, want %s (exec form)", got, want)
	}
}
