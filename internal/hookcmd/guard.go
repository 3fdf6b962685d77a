package hookcmd

import "strings"

// The plugins' hooks guard the program (plugins/*/hooks/hooks.json): where it is not on PATH, the
// command prints one line for the user, as a systemMessage, instead of the shell's "not found"
// (docs/plugin.md, "When ccc-hooks is not on PATH"). Such a command reads
//
//	command -v ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{"systemMessage":"…"}'; exit 0; }; exec ccc-hooks hook
//
// and runs what follows its last "; exec ": that program and subcommand are the command's.
const (
	guardHead = "command -v "
	guardMid  = " >/dev/null 2>&1 || {"
	guardTail = "}; exec "
)

// Unguard returns the command a guarded command runs ("ccc-hooks hook"), and false for any
// command that is not guarded: the program the guard looks for must be the one it runs, and what
// it runs is one program and its words, with no further command after them.
func Unguard(command string) (string, bool) {
	rest, ok := strings.CutPrefix(command, guardHead)
	if !ok {
		return "", false
	}
	prog, rest, ok := strings.Cut(rest, guardMid)
	if !ok || prog == "" || strings.ContainsAny(prog, " \t'\"") {
		return "", false
	}
	i := strings.LastIndex(rest, guardTail)
	if i < 0 {
		return "", false
	}
	run := rest[i+len(guardTail):]
	after, ok := strings.CutPrefix(run, prog+" ")
	if !ok || after == "" || strings.ContainsAny(after, ";&|<>`$()\n'\"\\") {
		return "", false
	}
	return run, true
}
