package installer

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/kballard/go-shellquote"
)

// HookCommand returns the command Claude Code runs for our hooks: the binary path, shell-quoted
// when it holds spaces or shell metacharacters, followed by " hook".
func HookCommand(binary string) string {
	return quoteIfNeeded(binary) + " hook"
}

// quoteIfNeeded leaves plain paths as they are, so the common case reads naturally in settings.json.
func quoteIfNeeded(s string) string {
	if s != "" && strings.IndexFunc(s, needsQuote) < 0 {
		return s
	}
	// POSIX single quotes: everything literal, a quote itself written as '\''.
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func needsQuote(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	}
	return !strings.ContainsRune("/._-+,:@%=", r)
}

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

// SharedHookCommand is the hook command of files shared with other people (see Shared): the
// program is found on each person's PATH, where the installing binary's path would name a home
// directory no teammate has.
const SharedHookCommand = "ccc-hooks hook"

// Shared reports whether files of scope are shared with other people: project settings, which
// teams commit, and managed settings, which an organisation rolls out.
func Shared(scope string) bool { return scope == ScopeProject || scope == ScopeManaged }

// LookPath finds an executable file called name in the directories of pathList (a PATH value),
// the way a POSIX shell would; "" when there is none. It takes the PATH to search as a value, so
// callers decide whose environment it is. (On Windows the name is looked for as given, without
// PATHEXT.)
func LookPath(name, pathList string) string {
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return ""
}
