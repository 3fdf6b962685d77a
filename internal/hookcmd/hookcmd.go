// Package hookcmd writes and reads the hook commands of ccc-hooks: the one writer of the commands
// our hook entries run, in settings files (For, Shared), the plugins' hooks.json (Guarded) and the
// reviewer's --settings (Exec), with the handler's JSON (Handler), and the reviewer's run of a
// command behind the copy-on-write wall (CheckRun); and the one reader of them.
//
// A command in a settings file is ours when it is, whole, one that ccc-hooks writes or has
// written (the program's path as some version spelled it, then the subcommand hook or
// supervisor-hook, and nothing else), never by an extra key, which Claude Code strips. A command
// the user wrote around ours (`ccc-hooks hook && notify-send done`, `ccc-hooks hook 2>>log`) runs
// ccc-hooks too (Runs) but is the user's. The installer and the hook runtime both ask it.
package hookcmd

import (
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// subcommands are the subcommands of ccc-hooks that answer a hook event.
var subcommands = []string{"hook", "supervisor-hook"}

// IsOurs reports whether command is, whole, a hook command ccc-hooks writes or has written: the
// program spelled as one of its versions spelled it (forms), one space, and hook or
// supervisor-hook; or the plugins' guarded command around one (Unguard). Anything more makes the
// command the user's (package comment).
func IsOurs(command string) bool {
	if !maySpell(command, "ccc-hooks") {
		return false
	}
	if run, ok := Unguard(command); ok {
		command = run
	}
	for _, w := range readings(command) {
		if isProgram(w.prog, "ccc-hooks") && slices.Contains(subcommands, w.sub) && written(command, w) {
			return true
		}
	}
	return false
}

// written reports whether command is exactly one of the forms ccc-hooks writes for the program
// and subcommand w read from it.
func written(command string, w words) bool {
	for _, f := range forms(w.raw) {
		if f+" "+w.sub == command {
			return true
		}
	}
	return false
}

// forms returns every spelling of the program path prog that a version of ccc-hooks wrote in a
// hook command (or that its documentation named as such), as the program word:
//   - Linux and macOS, now: the path as it is when a POSIX shell reads it as itself, else
//     single-quoted (shellword.POSIX);
//   - Linux and macOS, the first releases: a backslash before each special character, or
//     single quotes around a path with a space (backslashed);
//   - Windows, now: forward slashes, as they are when neither shell reads a character of the
//     path as anything else, else single-quoted behind PowerShell's call operator
//     (shellword.PowerShell: `& 'C:/Jo Smith/ccc-hooks.exe'`);
//   - Windows, earlier: the path with backslashes as it is (read as PowerShell reads it), or in
//     double quotes, with or without the call operator in front.
func forms(prog string) []string {
	out := []string{shellword.POSIX.Program(prog), backslashed(prog), shellword.PowerShell.Program(prog)}
	if !strings.ContainsAny(prog, "\"`$") {
		out = append(out, `"`+prog+`"`, `& "`+prog+`"`)
	}
	if shellword.Plain(strings.ReplaceAll(prog, `\`, "/")) {
		out = append(out, prog)
	}
	return out
}

// IsLegacy reports whether command is an entry of the older `ccc supervisor-hook`: one simple
// command whose program is ccc (or ccc.exe) and whose first argument is supervisor-hook. A
// command that does more (`ccc supervisor-hook && notify-send done`) is the user's.
func IsLegacy(command string) bool {
	if !maySpell(command, "supervisor-hook") {
		return false
	}
	if !simple(command) {
		return false
	}
	for _, w := range readings(command) {
		if isProgram(w.prog, "ccc") && w.sub == "supervisor-hook" {
			return true
		}
	}
	return false
}

// Binary returns the program path of command (unquoted, with forward slashes), or "" when it
// cannot be split: of the reading that names ccc-hooks or ccc, else of the POSIX shell's.
func Binary(command string) string {
	if run, ok := Unguard(command); ok {
		command = run
	}
	rs := readings(command)
	for _, w := range rs {
		if isProgram(w.prog, "ccc-hooks") || isProgram(w.prog, "ccc") {
			return w.prog
		}
	}
	return rs[0].prog
}

func isProgram(path, name string) bool {
	base := path
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	return base == name || strings.EqualFold(base, name+".exe")
}

// maySpell reports whether one of the words a shell splits command into may hold word in any
// letter case: it does when command holds word, and may when command holds a quote, a backslash
// or a backtick (which can spell a word in pieces). A false answer is certain, so the split,
// which costs far more than the look, can be skipped: a settings file holds many foreign
// commands.
func maySpell(command, word string) bool {
	if strings.ContainsAny(command, "'\"\\`") {
		return true
	}
	for i := 0; i+len(word) <= len(command); i++ {
		if strings.EqualFold(command[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// words is the program and subcommand of a hook command, as one shell reads them: prog with
// forward slashes, raw as the shell read it.
type words struct{ prog, raw, sub string }

// readings returns the first two words of a hook command as the shells Claude Code runs hooks
// in read them: first a POSIX shell (sh on Linux and macOS, Git Bash on Windows), then
// PowerShell (Windows without Git Bash, or a handler whose shell is powershell).
func readings(command string) [2]words {
	return [2]words{firstTwo(posixSplit(command), false), firstTwo(powerShellSplit(command), true)}
}

// posixSplit splits command into the words of its first simple command as a POSIX shell reads
// them (bash's grammar, as package syntax parses it): quotes and backslashes removed, a word with
// an expansion kept as it is written. A command the shell cannot parse (an unbalanced quote,
// PowerShell's `& 'C:/…' hook`) falls back to whitespace fields; one that starts with & is a
// syntax error there, and has no words.
func posixSplit(command string) []string {
	if strings.HasPrefix(strings.TrimLeft(command, " \t"), "&") {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return strings.Fields(command)
	}
	var ws []string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, isCall := n.(*syntax.CallExpr)
		if ws != nil || !isCall {
			return ws == nil
		}
		ws = make([]string, len(call.Args))
		for i, w := range call.Args {
			lit, ok := literal(w)
			if !ok {
				lit = command[w.Pos().Offset():w.End().Offset()]
			}
			ws[i] = lit
		}
		return false
	})
	return ws
}

// powerShellSplit splits command the way PowerShell reads a command: its call operator & in
// front is dropped; words are separated by whitespace; '...' is literal (a quote in it is
// doubled), "..." is literal but for the escape character `, and a backslash is an ordinary
// character.
func powerShellSplit(command string) []string {
	rest := strings.TrimPrefix(strings.TrimLeft(command, " \t"), "&")
	var ws []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				ws, inWord = append(ws, cur.String()), false
				cur.Reset()
			}
			continue
		case c == '\'':
			for i++; i < len(rest); i++ {
				if rest[i] == '\'' {
					if i+1 >= len(rest) || rest[i+1] != '\'' {
						break
					}
					i++ // a doubled quote is a quote
				}
				cur.WriteByte(rest[i])
			}
		case c == '"':
			for i++; i < len(rest) && rest[i] != '"'; i++ {
				if rest[i] == '`' && i+1 < len(rest) {
					i++
				}
				cur.WriteByte(rest[i])
			}
		case c == '`' && i+1 < len(rest):
			i++
			cur.WriteByte(rest[i])
		default:
			cur.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		ws = append(ws, cur.String())
	}
	return ws
}

// firstTwo returns the first two of ws; windows: the program is a Windows path, whose
// backslashes become forward slashes.
func firstTwo(ws []string, windows bool) words {
	var w words
	if len(ws) > 0 {
		w.raw = ws[0]
	}
	if len(ws) > 1 {
		w.sub = ws[1]
	}
	w.prog = filepath.ToSlash(w.raw)
	if windows {
		w.prog = strings.ReplaceAll(w.raw, `\`, "/")
	}
	return w
}
