package supervisor

import (
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
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
// (matcher "*") that runs command, in shell when that is not "", and, unless sandbox is nil,
// Claude Code's own Bash sandbox as it plans (bashsandbox.Plan.Settings). Claude Code merges it
// with the user's settings; a deny from the hook wins over the user's allow rules, and it fires
// for the reviewer's subagents too. The sandbox is a second wall behind the hook: a command the
// hook lets through by mistake still cannot write to the project or the home directory.
//
// Why a hook and not fewer tools: the API caches a prompt by its exact prefix — tools, then
// system, then messages. Any change to the fork's tool list (--json-schema, --disallowedTools,
// --tools) breaks the prefix at the tools, and every review pays for the whole conversation again
// at the full input price plus the cache-write premium; this hook, --allowedTools and
// --permission-mode dontAsk leave the prefix whole (measured: docs/claude-code.md, "The review's
// prompt cache"). So does the sandbox: Claude Code describes it in a system message after the
// review prompt, and the Bash tool's schema is the same with or without it (measured on 2.1.328
// and 2.1.332: docs/claude-code.md, "The reviewer's Bash sandbox").
func GuardSettings(command, shell string, sandbox *bashsandbox.Plan) string {
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
	settings := map[string]any{"hooks": map[string][]group{"PreToolUse": {{
		Matcher: "*", Hooks: []handler{{Type: "command", Command: command, Timeout: guardTimeout, Shell: shell}},
	}}}}
	if sandbox != nil {
		settings["sandbox"] = sandbox.Settings()
	}
	data, _ := json.Marshal(settings) // plain strings, booleans and numbers: cannot fail
	return string(data)
}
