// Package shellword writes commands for a shell to run: the hook commands Claude Code runs, and
// the advice a person pastes into a terminal. It knows how a POSIX shell (sh, bash, zsh, and Git
// Bash on Windows) and PowerShell read a program path and its arguments.
package shellword

import (
	"strings"
	"unicode"

	"github.com/kballard/go-shellquote"
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

// POSIX is a POSIX shell on Linux or macOS.
var POSIX = Shell{}

// For returns the shell a person on the system goos pastes a command into, given their
// environment: on Windows, Git Bash (or another MSYS2 shell) where it set MSYSTEM, else
// PowerShell, the shell of Windows Terminal and of the Start menu; elsewhere a POSIX shell.
func For(goos string, getenv func(string) string) Shell {
	if goos != "windows" {
		return POSIX
	}
	return Shell{PowerShell: getenv("MSYSTEM") == "", Windows: true}
}

// Program writes path as the first word of a command, so that the shell runs that program: as
// it is when it needs no quoting; else single-quoted, behind PowerShell's call operator & (a
// quoted first word is a string to PowerShell, not a program).
func (sh Shell) Program(path string) string {
	w := sh.Arg(path)
	if sh.PowerShell && strings.HasPrefix(w, "'") {
		return "& " + w
	}
	return w
}

// Arg writes s as one argument. For a POSIX shell on Linux and macOS it is shell-quoted as
// go-shellquote quotes it. For Windows a backslash becomes a slash, and s is written as it is
// when it holds only characters neither shell treats specially (see Plain), else single-quoted,
// which both shells take literally (a quote in it is closed, escaped and opened again in Git
// Bash, doubled in PowerShell).
func (sh Shell) Arg(s string) string {
	if !sh.Windows && !sh.PowerShell {
		return shellquote.Join(s)
	}
	s = strings.ReplaceAll(s, `\`, "/")
	if Plain(s) {
		return s
	}
	if sh.PowerShell {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Plain reports whether s is not empty and holds only letters and digits (of any script) and
// / . _ - : — characters that neither a POSIX shell nor PowerShell reads as anything but
// themselves, anywhere in a word.
func Plain(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("/._-:", r)
	}) < 0
}
