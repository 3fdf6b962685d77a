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
	prog, sub := programAndSubcommand(command)
	return isProgram(prog, "ccc-hooks") && (sub == "hook" || sub == "supervisor-hook")
}

// IsLegacy reports whether command is an entry of the older `ccc supervisor-hook`.
func IsLegacy(command string) bool {
	if !maySpell(command, "supervisor-hook") {
		return false
	}
	prog, sub := programAndSubcommand(command)
	return isProgram(prog, "ccc") && sub == "supervisor-hook"
}

// Binary returns the program path of command (unquoted), or "" when it cannot be split.
func Binary(command string) string {
	prog, _ := programAndSubcommand(command)
	return prog
}

func isProgram(path, name string) bool {
	base := path
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	return base == name || strings.EqualFold(base, name+".exe")
}

// maySpell reports whether one of the words a shell splits command into may hold word in any
// letter case: it does when command holds word, and may when command holds a quote or a
// backslash (which can spell a word in pieces). A false answer is certain, so the split, which
// costs far more than the look, can be skipped: a settings file holds many foreign commands.
func maySpell(command, word string) bool {
	if strings.ContainsAny(command, `'"\`) {
		return true
	}
	for i := 0; i+len(word) <= len(command); i++ {
		if strings.EqualFold(command[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// programAndSubcommand splits a hook command the way a POSIX shell would and returns its first
// two words. Commands that do not split (unbalanced quotes) fall back to whitespace fields.
func programAndSubcommand(command string) (prog, sub string) {
	words, err := shellquote.Split(command)
	if err != nil {
		words = strings.Fields(command)
	}
	if len(words) == 0 {
		return "", ""
	}
	prog = words[0]
	if len(words) > 1 {
		sub = words[1]
	}
	return filepath.ToSlash(prog), sub
}
