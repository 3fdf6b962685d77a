package reviewer

import (
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
)

// guardTimeout is the timeout, in seconds, of the reviewer's read-only hook: it only reads its
// event and ccc.json.
const guardTimeout = 60

// GuardOf is the reviewer's read-only hook: the binary at self run in exec form (hookcmd.Exec)
// with the subcommand hook, which inside a review (GuardEnv=1) answers a PreToolUse with the
// read-only rule of package reviewguard. In exec form no shell stands between Claude Code and the
// program: nothing a shell reads at its start (BASH_ENV, a profile) runs in the guard, and the
// path needs no quoting for any shell, on Windows neither.
func GuardOf(self string) hookcmd.Handler { return hookcmd.Exec(self, hookcmd.Subcommand) }

// GuardSettings is the --settings JSON given to the reviewer: a PreToolUse hook for every tool
// (matcher "*") that runs guard (GuardOf) with a timeout of guardTimeout and "onFailure":
// "block", and, unless sandbox is nil, Claude Code's own Bash sandbox as it plans
// (bashsandbox.Plan.Settings), a second wall behind the hook. A deny from the hook wins over the
// user's allow rules and fires for the reviewer's subagents too. Without "onFailure": "block" a
// hook that cannot start, is killed or times out lets the call go ahead (docs/claude-code.md,
// "The reviewer's guard fails closed"). A hook, not fewer tools: any change to the fork's tool
// list breaks the prompt cache's prefix, and the hook and the sandbox leave it whole
// (docs/claude-code.md, "The review's prompt cache", "The reviewer's Bash sandbox").
func GuardSettings(guard hookcmd.Handler, sandbox *bashsandbox.Plan) string {
	type group struct {
		Matcher string            `json:"matcher"`
		Hooks   []hookcmd.Handler `json:"hooks"`
	}
	guard.Timeout, guard.OnFailure = guardTimeout, "block"
	settings := map[string]any{"hooks": map[string][]group{"PreToolUse": {{Matcher: "*", Hooks: []hookcmd.Handler{guard}}}}}
	if sandbox != nil {
		settings["sandbox"] = sandbox.Settings()
	}
	data, _ := json.Marshal(settings) // plain strings, booleans and numbers: cannot fail
	return string(data)
}
