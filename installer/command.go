package installer

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Shared reports whether files of scope are shared with other people: project settings, which
// teams commit, and managed settings, which an organisation rolls out. Their entries run
// hookcmd.Shared, found on each person's PATH.
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
