package supervisor

import (
	"encoding/json"

	"github.com/kballard/go-shellquote"
)

// guardTimeout is the timeout, in seconds, of the reviewer's read-only hook: it only reads its
// event and ccc.json.
const guardTimeout = 60

// GuardCommand is the hook command that runs the binary at self in reviewer mode: `hook`, which
// inside a review (GuardEnv=1) answers a PreToolUse with the read-only rule of package
// reviewguard. Claude Code lets a tool call go ahead when a PreToolUse hook fails with any exit
// status but 2 (docs/claude-code.md, "The review's prompt cache"), so a hook that cannot run (the
// binary moved, a crash) exits 2: the call is refused, with the hook's stderr as the reason.
func GuardCommand(self string) string { return shellquote.Join(self, "hook") + " || exit 2" }

// GuardSettings is the --settings JSON given to the reviewer: a PreToolUse hook for every tool
// (matcher "*") that runs command. Claude Code merges it with the user's settings; a deny from it
// wins over the user's allow rules, and it fires for the reviewer's subagents too.
//
// Why a hook and not fewer tools: the API caches a prompt by its exact prefix — tools, then
// system, then messages. Any change to the fork's tool list (--json-schema, --disallowedTools,
// --tools) breaks the prefix at the tools, and every review pays for the whole conversation again
// at the full input price plus the cache-write premium; this hook, --allowedTools and
// --permission-mode dontAsk leave the prefix whole (measured: docs/claude-code.md, "The review's
// prompt cache").
func GuardSettings(command string) string {
	type handler struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		Timeout int    `json:"timeout"`
	}
	type group struct {
		Matcher string    `json:"matcher"`
		Hooks   []handler `json:"hooks"`
	}
	settings := map[string]map[string][]group{"hooks": {"PreToolUse": {{
		Matcher: "*", Hooks: []handler{{Type: "command", Command: command, Timeout: guardTimeout}},
	}}}}
	data, _ := json.Marshal(settings) // plain strings and numbers: cannot fail
	return string(data)
}
