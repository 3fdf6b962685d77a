// Package lookpath finds a program by name in the directories of a PATH value. It takes the PATH
// to search as a value, so that each caller says whose environment it is: the user's shell for
// install, doctor and status (Shell, In), the hook's or the reviewer's for the hook runtime
// (Absolute).
package lookpath

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// In finds an executable file called name in the directories of pathList the way the shell
// Claude Code runs hooks in would, an empty directory being the working directory; "" when there
// is none. On Windows, where a file is a program by its extension and has no permission bits,
// name is looked for as given when it ends in .com, .exe, .bat or .cmd, else with each of them in
// that order (Windows' default PATHEXT).
func In(name, pathList string) string {
	p, _ := find(name, pathList, false)
	return p
}

// Shell finds the program name as a shell started with pathList as its PATH would: a name with a
// path separator as it is given, a bare name In the directories of pathList. The error for a
// program that is not found is exec's, wrapping exec.ErrNotFound. install, doctor, status and
// their advice find programs through it.
func Shell(name, pathList string) (string, error) {
	if strings.ContainsAny(name, `/\`) {
		if fi, err := os.Stat(name); err == nil && IsProgram(fi) {
			return name, nil
		}
	} else if p := In(name, pathList); p != "" {
		return p, nil
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

// Absolute finds name as In does, in the absolute directories of pathList only, as Go's
// exec.LookPath does for the process's own $PATH: a relative directory names a different place
// for each working directory, and the hook runtime never runs a program found through one. The
// error for a program that is not found wraps exec.ErrNotFound.
func Absolute(name, pathList string) (string, error) {
	return find(name, pathList, true)
}

func find(name, pathList string, absolute bool) (string, error) {
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			dir = "."
		}
		if absolute && !filepath.IsAbs(dir) {
			continue
		}
		for _, file := range programFiles(name, runtime.GOOS) {
			p := filepath.Join(dir, file)
			if fi, err := os.Stat(p); err == nil && IsProgram(fi) {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%s: %w", name, exec.ErrNotFound)
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
