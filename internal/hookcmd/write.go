package hookcmd

import (
	"bytes"
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// Subcommand is the subcommand of ccc-hooks that answers a hook event, as every hook of ours
// written now runs it.
const Subcommand = "hook"

// Shared is the hook command of settings files shared with other people (project and managed
// settings): the program is found on each person's PATH, where an installing binary's path would
// name a home directory no teammate has.
const Shared = "ccc-hooks " + Subcommand

// A Hook is a command hook of ccc-hooks in shell form, as a settings file holds it: Claude Code
// runs Command in a shell (sh on Linux and macOS; on Windows the handler's Shell, else Git Bash
// when it finds one, else PowerShell). Shell is "" for Claude Code's default.
type Hook struct {
	Command string
	Shell   string
}

// For returns the hook of a settings file that runs the binary at binary (an absolute path) on
// the system goos: the program word Program writes, then " hook", and the shell it needs.
func For(binary, goos string) Hook {
	word, shell := Program(binary, goos)
	return Hook{Command: word + " " + Subcommand, Shell: shell}
}

// Program writes binary (an absolute path) as the first word of a command that Claude Code runs
// on the system goos in a hook's shell — a hook command, or a slash command's `!` line, which runs
// in the same shell — and names the shell the handler or command file must ask for ("" for Claude
// Code's default).
//
// On Linux and macOS Claude Code runs a command hook with `sh -c`: the path as package shellword
// writes a program for a POSIX shell.
//
// On Windows Claude Code runs a command hook in the handler's shell, else in Git Bash when it
// finds one, else in PowerShell; Git Bash gets the command as it is (`bash -c`), PowerShell as
// `-Command` with a line added that passes on exit code 2 (docs/settings.md, "Hook commands on
// Windows"). The path is written with forward
// slashes, which both shells and Windows accept, where a backslash is an escape character in Git
// Bash. A path that needs no quoting in either shell (shellword.Plain) is written as it is: it
// runs in either. Any other path needs quoting, which the two shells spell differently
// (PowerShell runs a quoted path only behind its call operator &, which is an error in bash): the
// shell is then PowerShell, which every Windows has, and the word is `& 'path'`.
func Program(binary, goos string) (word, shell string) {
	if goos != "windows" {
		return shellword.POSIX.Program(binary), ""
	}
	if p := shellword.GitBash.Arg(binary); shellword.Plain(p) {
		return p, ""
	}
	return shellword.PowerShell.Program(binary), "powershell"
}

// Exec returns the handler that runs program with args in exec form: Claude Code resolves the
// program and spawns it with exactly these arguments, with no shell between them
// (docs/claude-code.md, "Exec-form hooks"). Its Args are never nil, so that it is written
// in exec form even with no argument.
func Exec(program string, args ...string) Handler {
	return Handler{Command: program, Args: append([]string{}, args...)}
}

// Handler is one command hook handler of ccc-hooks as a hook entry holds it: the reviewer's
// --settings, the plugins' hooks.json. (Settings files are written byte by byte, in the file's
// own style, by package settings from the same Hook.) Args nil is shell form: Command runs in
// Shell; Args set is exec form: Command is the program, spawned with Args.
type Handler struct {
	Command       string
	Args          []string
	Shell         string
	Timeout       int    // seconds; 0 writes none
	StatusMessage string // what Claude Code's spinner shows while the hook runs; "" writes none
	OnFailure     string // "block" or "continue"; "" writes none
}

// Of returns the handler of h.
func (h Hook) Of(timeout int, status string) Handler {
	return Handler{Command: h.Command, Shell: h.Shell, Timeout: timeout, StatusMessage: status}
}

// MarshalJSON writes the handler's keys in the order Claude Code's documentation lists them: type
// (always "command"), command, args (exec form only), shell, timeout, statusMessage, onFailure,
// leaving out those not set. No character is escaped for HTML: the shell form's `>` and `&` stay
// as they are, for a person reading the file.
func (h Handler) MarshalJSON() ([]byte, error) {
	var args *[]string
	if h.Args != nil {
		args = &h.Args
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(struct {
		Type          string    `json:"type"`
		Command       string    `json:"command"`
		Args          *[]string `json:"args,omitempty"`
		Shell         string    `json:"shell,omitempty"`
		Timeout       int       `json:"timeout,omitempty"`
		StatusMessage string    `json:"statusMessage,omitempty"`
		OnFailure     string    `json:"onFailure,omitempty"`
	}{"command", h.Command, args, h.Shell, h.Timeout, h.StatusMessage, h.OnFailure})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}
