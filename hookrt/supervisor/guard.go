package supervisor

import (
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// guardTimeout is the timeout, in seconds, of the reviewer's read-only hook: it only reads its
// event and ccc.json.
const guardTimeout = 60

// A Guard is the reviewer's read-only PreToolUse hook as Claude Code runs it: Program with Args,
// in exec form (the hook entry's "args"), so that no shell stands between Claude Code and the
// program: nothing a shell reads at its start (BASH_ENV, a profile) runs in the guard, and the
// path needs no quoting for any shell, on Windows neither.
type Guard struct {
	Program string
	Args    []string
}

// GuardOf is the guard that runs the binary at self in reviewer mode: `hook`, which inside a
// review (GuardEnv=1) answers a PreToolUse with the read-only rule of package reviewguard.
func GuardOf(self string) Guard { return Guard{Program: self, Args: []string{"hook"}} }

// GuardSettings is the --settings JSON given to the reviewer: a PreToolUse hook for every tool
// (matcher "*") that runs g, and, unless sandbox is nil, Claude Code's own Bash sandbox as it
// plans (bashsandbox.Plan.Settings). Claude Code merges it with the user's settings; a deny from
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
func GuardSettings(g Guard, sandbox *bashsandbox.Plan) string {
	type handler struct {
		Type      string   `json:"type"`
		Command   string   `json:"command"`
		Args      []string `json:"args"`
		Timeout   int      `json:"timeout"`
		OnFailure string   `json:"onFailure"`
	}
	type group struct {
		Matcher string    `json:"matcher"`
		Hooks   []handler `json:"hooks"`
	}
	args := g.Args
	if args == nil {
		args = []string{}
	}
	settings := map[string]any{"hooks": map[string][]group{"PreToolUse": {{
		Matcher: "*", Hooks: []handler{{Type: "command", Command: g.Program, Args: args, Timeout: guardTimeout, OnFailure: "block"}},
	}}}}
	if sandbox != nil {
		settings["sandbox"] = sandbox.Settings()
	}
	data, _ := json.Marshal(settings) // plain strings, booleans and numbers: cannot fail
	return string(data)
}
