// Package reviewguard decides which tool calls the supervisor's reviewer may make.
//
// The reviewer is a fork of the user's session and loads the user's settings, whose allow rules
// (Edit, Write, Bash(rm:*), Bash(git:*) …) would let it change files. Taking tools away
// (--disallowedTools, --tools) would change the fork's tool list and so its prompt cache (see
// package supervisor), so the fork gets a PreToolUse hook instead, matcher "*", that runs this
// binary in reviewer mode: Check is asked about every tool call, the reviewer's own and its
// subagents', and what it refuses is denied. A hook's deny wins over any allow rule. Such a hook
// leaves the fork's tools and system prompt as the session's, and fires for the subagents the
// fork starts too (docs/claude-code.md, "The review's prompt cache").
//
// A Bash command is judged by what bash and the program will make of it, not by its text: the
// command as Claude Code hands it to bash (claudecode.go), the words bash hands each program
// (words.go, shell.go, which also refuses what bash and the parser read apart), read the way that
// program reads them, by a table of its options from its own manual or source: one registry of
// programs (registry.go), one file per family (coreutils.go, bash.go, gnutools.go, sed.go,
// find.go, ripgrep.go, jq.go, tree.go, fileprogram.go, debianutils.go, xxd.go, git.go,
// gitcommands.go), read by getopt.go where the program uses getopt_long; a jq filter is granted
// where its work is bounded (jqbound.go). git is held to the review's own
// repository (place.go) and run with an environment that keeps it out of submodules
// (environment.go). Nothing granted may wait for ever: a named pipe, a device or the Bash tool's
// open input is refused where a program would read it, the names a glob brings included, and so
// is a walk that follows a link out of the project (stall.go, globs.go). The threat is instructions or file names planted in what the reviewer
// reads (docs/supervisor.md, "What the reviewer may run"); the tests run every command they grant
// (exec_test.go, stall_test.go, fuzzbash_test.go). The tables are built when a guard first judges
// a Bash command, never by a hook run that judges none.
package reviewguard

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// readOnlyTool reports the tools granted by name: they read files or the session, or start a
// subagent, whose own calls come through Check too.
func readOnlyTool(tool string) bool {
	switch tool {
	case "Read", "Glob", "Grep", "LS", "NotebookRead", "ToolSearch", "Agent", "Task", "ListAgents",
		"TaskOutput", "BashOutput":
		return true
	}
	return false
}

// errNotReadOnly is what the guard says of a program it does not know to only read.
var errNotReadOnly = errors.New("is not a read-only command")

// RefusedError is a tool call the reviewer may not make.
type RefusedError struct {
	Tool string
	Why  string
}

func (e *RefusedError) Error() string { return e.Tool + " refused: " + e.Why }

// Reason is the denial the reviewer's model reads: what was refused, and that it still owes its
// verdict.
func Reason(err error) string {
	return "The supervisor's review is read-only, so this call was refused (" + err.Error() +
		"). Judge with what you can read and run, and finish with your verdict."
}

// Check returns nil when the reviewer may call tool with input where it runs, given the rules
// of supervisor.allowed_tools, and a *RefusedError otherwise. A granted call still goes through
// Claude Code's own permission checks (the hook gives no decision for it).
func Check(tool string, input json.RawMessage, allowed []string, where Place) error {
	rules := parseRules(allowed)
	if tool == "Bash" {
		var in struct {
			Command    string `json:"command"`
			Background bool   `json:"run_in_background"`
		}
		if err := json.Unmarshal(input, &in); err != nil || strings.TrimSpace(in.Command) == "" {
			return &RefusedError{Tool: tool, Why: "no command to check"}
		}
		if in.Background {
			// No timeout bounds a background command, and it outlives the review.
			return &RefusedError{Tool: tool, Why: "a command run in the background (run_in_background) has no time bound and outlives the review"}
		}
		if err := checkCommand(asClaudeCodeRuns(in.Command), rules, where); err != nil {
			return &RefusedError{Tool: tool, Why: err.Error()}
		}
		return nil
	}
	if (tool == "Agent" || tool == "Task") && isolated(input) {
		// "worktree" adds a git worktree and a branch to the user's repository; "remote" runs
		// the subagent where no hook of ours reaches it. Refused even when allowed_tools names it.
		return &RefusedError{Tool: tool, Why: "a subagent with isolation changes the repository or runs out of reach"}
	}
	if readOnlyTool(tool) || rules.grantsTool(tool) {
		return nil
	}
	return &RefusedError{Tool: tool, Why: tool + " is not a read-only tool and supervisor.allowed_tools does not name it"}
}

// isolated reports whether an Agent call asks for isolation (a git worktree, a remote run).
func isolated(input json.RawMessage) bool {
	var in struct {
		Isolation string `json:"isolation"`
	}
	return json.Unmarshal(input, &in) != nil || in.Isolation != ""
}

// checkCommand grants a Bash command only when all of it is granted: every simple command it
// runs (parseCommand), judged on the words bash will hand the program (checkSimple).
func checkCommand(command string, r rules, where Place) error {
	cmds, err := parseCommand(command)
	if err != nil {
		return err
	}
	moved := ""
	for _, c := range cmds {
		if name := c.args[0].value; name == "cd" || name == "pushd" || name == "popd" {
			moved = name
		}
	}
	for i, c := range cmds {
		if moved != "" && c.args[0].value == "git" {
			return fmt.Errorf("git in a command that runs %s: git finds its repository from the directory it runs in", moved)
		}
		byRule, err := checkSimple(c, r, where)
		if err != nil {
			return err
		}
		cmds[i].byRule = byRule
	}
	return checkStalls(cmds, where, stdinLeftOpen(command))
}
