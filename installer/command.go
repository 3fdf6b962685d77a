package installer

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// Hook is what our handlers run: the command, and the handler's shell ("" for none: Claude
// Code's default shell).
type Hook struct {
	Command string
	Shell   string
}

// HookFor returns the hook our handlers run for the binary at binary (an absolute path) on this
// system (see hookFor).
func HookFor(binary string) Hook { return hookFor(binary, runtime.GOOS) }

// hookFor returns the hook our handlers run for binary on the system goos: the binary's path,
// written as package shellword writes a program, followed by " hook".
//
// On Linux and macOS Claude Code runs a command hook with `sh -c`.
//
// On Windows Claude Code runs a command hook in the handler's shell, else in Git Bash when it
// finds one, else in PowerShell; Git Bash gets the command as it is (`bash -c`), PowerShell as
// `-Command` with a line added that passes on exit code 2 (read in Claude Code 2.1.328 and
// 2.1.332, see docs/settings.md, "Hook commands on Windows"). The path is written with forward
// slashes, which both shells and Windows accept, where a backslash is an escape character in Git
// Bash. A path that needs no quoting in either shell (shellword.Plain) is written as it is: it
// runs in either. Any other path needs quoting, which the two shells spell differently
// (PowerShell runs a quoted path only behind its call operator &, which is an error in bash): the
// handler then names PowerShell, which every Windows has, and the command is `& 'path' hook`.
func hookFor(binary, goos string) Hook {
	if goos != "windows" {
		return Hook{Command: shellword.POSIX.Program(binary) + " hook"}
	}
	if p := shellword.GitBash.Arg(binary); shellword.Plain(p) {
		return Hook{Command: p + " hook"}
	}
	return Hook{Command: shellword.PowerShell.Program(binary) + " hook", Shell: "powershell"}
}

// SharedHookCommand is the hook command of files shared with other people (see Shared): the
// program is found on each person's PATH, where the installing binary's path would name a home
// directory no teammate has.
const SharedHookCommand = "ccc-hooks hook"

// Shared reports whether files of scope are shared with other people: project settings, which
// teams commit, and managed settings, which an organisation rolls out.
func Shared(scope string) bool { return scope == ScopeProject || scope == ScopeManaged }

// LookPath finds an executable file called name in the directories of pathList (a PATH value),
// the way the shell Claude Code runs hooks in would; "" when there is none. It takes the PATH to
// search as a value, so callers decide whose environment it is. On Windows, where a file is a
// program by its extension and has no permission bits, name is looked for as given when it ends
// in .com, .exe, .bat or .cmd, else with each of them in that order (Windows' default PATHEXT).
func LookPath(name, pathList string) string {
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			dir = "."
		}
		for _, file := range programFiles(name, runtime.GOOS) {
			p := filepath.Join(dir, file)
			if fi, err := os.Stat(p); err == nil && IsProgram(fi) {
				return p
			}
		}
	}
	return ""
}

// windowsExts are the extensions of programs Windows runs by name, in the order of its default
// PATHEXT.
var windowsExts = []string{".com", ".exe", ".bat", ".cmd"}

// programFiles are the file names that run as the program name on the system goos.
func programFiles(name, goos string) []string {
	if goos != "windows" || slices.Contains(windowsExts, strings.ToLower(filepath.Ext(name))) {
		return []string{name}
	}
	out := make([]string, len(windowsExts))
	for i, ext := range windowsExts {
		out[i] = name + ext
	}
	return out
}

// IsProgram reports whether fi is a file that runs as a program: a regular file with an execute
// bit, or on Windows any regular file (what runs there is decided by its extension).
func IsProgram(fi fs.FileInfo) bool {
	return fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0)
}
