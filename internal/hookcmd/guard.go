package hookcmd

import (
	"bytes"
	"encoding/json"
	"strings"
)

// The plugins' hooks guard the program (plugins/*/hooks/hooks.json): where it is not on PATH, the
// command prints one line for the user, as a systemMessage, instead of the shell's "not found"
// (docs/plugin.md, "When ccc-hooks is not on PATH"). Such a command reads
//
//	command -v ccc-hooks >/dev/null 2>&1 || { printf '%s\n' '{"systemMessage":"…"}'; exit 0; }; exec ccc-hooks hook
//
// and runs what follows its "; exec ": that program and subcommand are the command's.
const (
	guardHead = "command -v "
	guardMid  = " >/dev/null 2>&1 || {"
	guardTail = "}; exec "
	// The guard's own command prints one line of JSON, single-quoted, and ends the hook.
	guardSay  = " printf '%s\\n' '"
	guardExit = "'; exit 0; "
)

// Guarded returns the plugins' guarded command: where program is on PATH it runs `program hook`
// (exec, so that the hook's process is ccc-hooks itself, its output, exit status and signals the
// hook's own); where it is not, it prints {"systemMessage": say} and exits 0, which Claude Code
// shows as one line under the event instead of a failed hook. say holds no single quote and no
// line break (it stands in single quotes), which Unguard checks too.
func Guarded(program, say string) string {
	var msg bytes.Buffer
	enc := json.NewEncoder(&msg)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]string{"systemMessage": say}) // a string: cannot fail
	line := strings.TrimSuffix(msg.String(), "\n")
	return guardHead + program + guardMid + guardSay + line + guardExit + guardTail + program + " " + Subcommand
}

// Unguard returns the command a guarded command runs ("ccc-hooks hook"), and false for any
// command that is not guarded as the plugins guard: the program the guard looks for must be the
// one it runs, the guard only prints its line (no quote inside it) and exits, and what it runs is
// one program and its words, with no further command after them.
func Unguard(command string) (string, bool) {
	rest, ok := strings.CutPrefix(command, guardHead)
	if !ok {
		return "", false
	}
	prog, rest, ok := strings.Cut(rest, guardMid)
	if !ok || prog == "" || strings.ContainsAny(prog, " \t'\"") {
		return "", false
	}
	rest, ok = strings.CutPrefix(rest, guardSay)
	if !ok {
		return "", false
	}
	say, rest, ok := strings.Cut(rest, guardExit)
	if !ok || strings.ContainsAny(say, "'\n") {
		return "", false
	}
	run, ok := strings.CutPrefix(rest, guardTail)
	if !ok {
		return "", false
	}
	after, ok := strings.CutPrefix(run, prog+" ")
	if !ok || after == "" || strings.ContainsAny(after, ";&|<>`$()\n'\"\\") {
		return "", false
	}
	return run, true
}
