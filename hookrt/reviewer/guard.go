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
// (matcher "*") that runs guard (GuardOf) with a timeout of guardTimeout, and, unless sandbox
// is nil, Claude Code's own Bash sandbox as it plans (bashsandbox.Plan.Settings). Claude Code merges it with the user's settings; a deny from
// the hook wins over the user's allow rules, and it fires for the reviewer's subagents too. The
// sandbox is a second wall behind the hook: a command the hook lets through by mistake still
// cannot write to the project or the home directory.
//
// The hook carries "onFailure": "block": a hook that cannot start, exits with any status but 0
// or 2, is killed or runs past its timeout then refuses the call. Without it Claude Code lets
// the call go ahead in each of those cases (measured on 2.1.328 and 2.1.332, with the call an
// `rm` the user's settings allow: docs/claude-code.md, "The reviewer's guard fails closed"); an
// exit status of 2 alone, the fallback this hook had before, did not cover a timeout or a kill.
//
// Why a hook and not fewer tools: the API caches a prompt by its exact prefix — tools, then
// system, then messages. Any change to the fork's tool list (--json-schema, --disallowedTools,
// --tools) breaks the prefix at the tools, and every review pays for the whole conversation again
// at the full input price plus the cache-write premium; this hook, --allowedTools and
// --permission-mode dontAsk leave the prefix whole (measured: docs/claude-code.md, "The review's
// prompt cache"). So does the sandbox: Claude Code describes it in a system message after the
// review prompt, and the Bash tool's schema is the same with or without it (measured on 2.1.328
// and 2.1.332: docs/claude-code.md, "The reviewer's Bash sandbox").
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
