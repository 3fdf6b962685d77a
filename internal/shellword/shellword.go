// Package shellword writes commands for a shell to run: the hook commands Claude Code runs (our
// handlers in settings files), the program word of the slash
// commands, and the advice a person pastes into a terminal. It is the one writer of a word per
// shell: how a POSIX shell (sh, bash, zsh, and Git Bash on Windows) and PowerShell read a program
// path and its arguments, and which characters need no quoting in each.
package shellword

import (
	"strings"
	"unicode"
)

// Shell is the shell a command is written for.
type Shell struct {
	// PowerShell is set for PowerShell, clear for a POSIX shell.
	PowerShell bool
	// Windows is set when the paths are Windows paths: they are written with forward slashes,
	// which Windows, Git Bash and PowerShell all accept, where Git Bash takes a backslash as an
	// escape character.
	Windows bool
}

var (
	// POSIX is a POSIX shell on Linux or macOS.
	POSIX = Shell{}
	// PowerShell is PowerShell on Windows.
	PowerShell = Shell{PowerShell: true, Windows: true}
	// GitBash is Git Bash (or another MSYS2 shell) on Windows.
	GitBash = Shell{Windows: true}
)

// For returns the shell a person on the system goos pastes a command into, given their
// environment: on Windows, Git Bash (or another MSYS2 shell) where it set MSYSTEM, else
// PowerShell, the shell of Windows Terminal and of the Start menu; elsewhere a POSIX shell.
func For(goos string, getenv func(string) string) Shell {
	if goos != "windows" {
		return POSIX
	}
	if getenv("MSYSTEM") != "" {
		return GitBash
	}
	return PowerShell
}

// Program writes path as the first word of a command, so that the shell runs that program: as
// Arg writes it, behind PowerShell's call operator & when quoted (a quoted first word is a
// string to PowerShell, not a program).
func (sh Shell) Program(path string) string {
	w := sh.Arg(path)
	if sh.PowerShell && strings.HasPrefix(w, "'") {
		return "& " + w
	}
	return w
}

// Arg writes s as one argument: as it is when every character of it is one the shell reads as
// itself (see plain), else single-quoted, which every shell here takes literally (a quote in it
// is closed, escaped and opened again in a POSIX shell, doubled in PowerShell). For Windows a
// backslash becomes a slash first.
func (sh Shell) Arg(s string) string {
	if sh.Windows {
		s = strings.ReplaceAll(s, `\`, "/")
	}
	if sh.plain(s) {
		return s
	}
	if sh.PowerShell {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// plain reports whether s needs no quoting in sh. On Windows, where one hook command may run in
// Git Bash or in PowerShell, it is Plain: the characters neither shell reads as anything else.
// On Linux and macOS it is s of ASCII letters, digits and / . _ - + , : @ % =, none of which a
// POSIX shell reads as anything but itself anywhere in a word; a path of any other character is
// quoted, so that the common one reads naturally in settings.json and every other one runs as it
// is named.
func (sh Shell) plain(s string) bool {
	if sh.Windows || sh.PowerShell {
		return Plain(s)
	}
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && !strings.ContainsRune("/._-+,:@%=", r)
	}) < 0
}

// Plain reports whether s is not empty and holds only letters and digits (of any script) and
// / . _ - : — characters that neither a POSIX shell nor PowerShell reads as anything but
// themselves, anywhere in a word.
func Plain(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("/._-:", r)
	}) < 0
}
