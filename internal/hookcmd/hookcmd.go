// Package hookcmd recognises the hook commands of ccc-hooks in settings files: by the program's
// base name (ccc-hooks, or ccc-hooks.exe) and its subcommand (hook or supervisor-hook), never by an
// extra key, which Claude Code strips. The installer and the hook runtime both ask it.
package hookcmd

import (
	"path/filepath"
	"strings"

	"github.com/kballard/go-shellquote"
)

// IsOurs reports whether command runs ccc-hooks as a hook (subcommand hook or supervisor-hook).
func IsOurs(command string) bool {
	if !maySpell(command, "ccc-hooks") {
		return false
	}
	for _, w := range readings(command) {
		if isProgram(w.prog, "ccc-hooks") && (w.sub == "hook" || w.sub == "supervisor-hook") {
			return true
		}
	}
	return false
}

// IsLegacy reports whether command is an entry of the older `ccc supervisor-hook`.
func IsLegacy(command string) bool {
	if !maySpell(command, "supervisor-hook") {
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

// words is the program and subcommand of a hook command, as one shell reads them.
type words struct{ prog, sub string }

// readings returns the first two words of a hook command as the shells Claude Code runs hooks
// in read them: first a POSIX shell (sh on Linux and macOS, Git Bash on Windows), then
// PowerShell (Windows without Git Bash, or a handler whose shell is powershell). Entries ccc-hooks
// wrote in any earlier form are recognised by one of them: `/path/ccc-hooks hook`,
// `'/my dir/ccc-hooks' hook`, `'C:\...\ccc-hooks.exe' hook` and `C:/.../ccc-hooks.exe hook` by the
// first, `C:\...\ccc-hooks.exe hook` (whose backslashes a POSIX shell takes as escapes) and
// `& 'C:/my dir/ccc-hooks.exe' hook` by the second. A plugin's guarded command is read as the
// command it runs (Unguard).
func readings(command string) [2]words {
	if run, ok := Unguard(command); ok {
		command = run
	}
	return [2]words{posixWords(command), powerShellWords(command)}
}

// posixWords splits command the way a POSIX shell would. Commands that do not split (unbalanced
// quotes) fall back to whitespace fields; one that starts with & is a syntax error there, and has
// no words.
func posixWords(command string) words {
	if strings.HasPrefix(strings.TrimLeft(command, " \t"), "&") {
		return words{}
	}
	ws, err := shellquote.Split(command)
	if err != nil {
		ws = strings.Fields(command)
	}
	w := firstTwo(ws)
	w.prog = filepath.ToSlash(w.prog)
	return w
}

// powerShellWords splits command the way PowerShell reads a command: its call operator & in
// front is dropped; words are separated by whitespace; '...' is literal (a quote in it is
// doubled), "..." is literal but for the escape character `, and a backslash is an ordinary
// character.
func powerShellWords(command string) words {
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
	w := firstTwo(ws)
	w.prog = strings.ReplaceAll(w.prog, `\`, "/") // a Windows path
	return w
}

// firstTwo returns the first two of ws.
func firstTwo(ws []string) words {
	var w words
	if len(ws) > 0 {
		w.prog = ws[0]
	}
	if len(ws) > 1 {
		w.sub = ws[1]
	}
	return w
}
