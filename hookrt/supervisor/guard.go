package supervisor

import (
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// guardTimeout is the timeout, in seconds, of the reviewer's read-only hook: it only reads its
// event and ccc.json.
const guardTimeout = 60

// GuardCommand is the hook command that runs the binary at self in reviewer mode: `hook`, which
// inside a review (GuardEnv=1) answers a PreToolUse with the read-only rule of package
// reviewguard. Claude Code lets a tool call go ahead when a PreToolUse hook fails with any exit
// status but 2 (docs/claude-code.md, "The review's prompt cache"), so a hook that cannot run (the
// binary moved, a crash) exits 2: the call is refused, with the hook's stderr as the reason.
func GuardCommand(self string) string { return shellword.POSIX.Program(self) + " hook || exit 2" }

// guardFor is the reviewer's read-only hook for the system goos: its command and the shell that
// runs it ("" for Claude Code's default). On Windows, Claude Code runs a hook in Git Bash when it
// finds one and in PowerShell otherwise (docs/settings.md, "Hook commands on Windows"); the hook
// names PowerShell, which every Windows has, and is written in its terms: the path with forward
// slashes behind its call operator, and an exit status of 2 when the program could not run or
// failed (Windows PowerShell 5.1 has no ||).
func guardFor(self, goos string) (command, shell string) {
	if goos != "windows" {
		return GuardCommand(self), ""
	}
	return shellword.PowerShell.Program(self) + " hook; if (-not $? -or $LASTEXITCODE -ne 0) { exit 2 }", "powershell"
}

// GuardSettings is the --settings JSON given to the reviewer: a PreToolUse hook for every tool
// (matcher "*") that runs command, in shell when that is not "". Claude Code merges it with the
// user's settings; a deny from it wins over the user's allow rules, and it fires for the
// reviewer's subagents too.
//
// Why a hook and not fewer tools: the API caches a prompt by its exact prefix — tools, then
// system, then messages. Any change to the fork's tool list (--json-schema, --disallowedTools,
// --tools) breaks the prefix at the tools, and every review pays for the whole conversation again
// at the full input price plus the cache-write premium; this hook, --allowedTools and
// --permission-mode dontAsk leave the prefix whole (measured: docs/claude-code.md, "The review's
// prompt cache").
func GuardSettings(command, shell string) string {
	type handler struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		Timeout int    `json:"timeout"`
		Shell   string `json:"shell,omitempty"`
	}
	type group struct {
		Matcher string    `json:"matcher"`
		Hooks   []handler `json:"hooks"`
	}
	settings := map[string]map[string][]group{"hooks": {"PreToolUse": {{
		Matcher: "*", Hooks: []handler{{Type: "command", Command: command, Timeout: guardTimeout, Shell: shell}},
	}}}}
	data, _ := json.Marshal(settings) // plain strings and numbers: cannot fail
	return string(data)
}
