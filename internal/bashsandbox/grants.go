package bashsandbox

import "strings"

// Unsandboxed reads supervisor.allowed_tools for the sandbox: the patterns of the Bash rules that
// grant a program other than git, which the reviewer's sandbox excludes (sandbox.excludedCommands,
// in the rules' own syntax: "go test:*"), and whether a rule grants Bash as a whole (Bash, Bash(*),
// Bash(:*)), which leaves no room for the sandbox at all.
//
// Inside the sandbox the project and the home directory are read-only, and a program the user
// granted to run the project's checks must write: `go test` makes its build cache in the home
// directory (measured: "failed to initialize build cache … read-only file system"); most test
// runners and builds do the like. Claude Code runs a call outside the sandbox when every command
// in it matches an excluded pattern and the call is granted (docs/claude-code.md, "The reviewer's
// Bash sandbox"). Git's
// grants stay in the sandbox: the read-only hook holds them to reading (the defaults:
// `Bash(git diff:*)`, `Bash(git log:*)`, `Bash(git status:*)`), and git's reads work there. Rules
// for other tools (Read, an MCP server) do not matter: the sandbox holds only Bash.
func Unsandboxed(allowed []string) (patterns []string, all bool) {
	for _, rule := range allowed {
		name, spec, hasSpec := strings.Cut(strings.TrimSpace(rule), "(")
		if name != "Bash" {
			continue
		}
		if !hasSpec {
			return nil, true
		}
		spec, closed := strings.CutSuffix(strings.TrimSpace(spec), ")")
		spec = strings.TrimSpace(spec)
		switch {
		case !closed || spec == "": // grants nothing (as the read-only hook reads it)
		case spec == "*" || spec == ":*":
			return nil, true
		case !isGit(spec):
			patterns = append(patterns, spec)
		}
	}
	return patterns, false
}

// isGit reports whether a Bash rule's pattern names the program git: "git", "git:*", "git diff:*".
func isGit(spec string) bool {
	program, _, _ := strings.Cut(spec, " ")
	program, _, _ = strings.Cut(program, ":")
	return program == "git"
}
