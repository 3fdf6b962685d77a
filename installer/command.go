package installer

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
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
func IsOurs(command string) bool { return hookcmd.IsOurs(command) }

// IsLegacy reports whether command is an entry of the older `ccc supervisor-hook`.
func IsLegacy(command string) bool { return hookcmd.IsLegacy(command) }

// Binary returns the program path of command (unquoted), or "" when it cannot be split.
func Binary(command string) string { return hookcmd.Binary(command) }

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
