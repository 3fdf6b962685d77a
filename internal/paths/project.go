package paths

import (
	"os"
	"path/filepath"
)

// Project is what ProjectDir needs to find the project directory (<project> in the settings
// paths of the project and local scopes, and the home of the workflow's tasks/).
type Project struct {
	// Flag is --project-dir; when set it always wins.
	Flag string
	// ClaudeProjectDir is $CLAUDE_PROJECT_DIR, which Claude Code sets to the directory a session
	// started in, for its hooks and for the commands it runs. Only such callers pass it (the
	// hook, `ccc-hooks task`); the installer's commands leave it empty, so an install typed in a
	// Claude Code shell still follows --project-dir and the working directory.
	ClaudeProjectDir string
	// WD is the working directory: the process's, or for a hook the event's cwd.
	WD string
	// Marker, when set, names an entry (`task` passes "tasks") whose presence in WD makes WD the
	// project even inside a larger git repository: a session started in a sub-project keeps its
	// tasks there.
	Marker string
}

// ProjectDir returns the project directory, the first of:
//
//  1. p.Flag (--project-dir), when set;
//  2. p.ClaudeProjectDir ($CLAUDE_PROJECT_DIR), when set;
//  3. p.WD, when p.Marker is set and WD/<Marker> exists;
//  4. the top of the git work tree holding p.WD, found as Claude Code finds it (GitTop: no git
//     process, GIT_DIR ignored);
//  5. p.WD itself.
//
// A WD that is not an existing directory is returned as it is, looked at no further (the caller
// reports it; nothing here creates a directory). The result is absolute, or "" when every input
// is empty.
func ProjectDir(p Project) string {
	switch {
	case p.Flag != "":
		return absolute(p.Flag)
	case p.ClaudeProjectDir != "":
		return absolute(p.ClaudeProjectDir)
	case p.WD == "":
		return ""
	}
	if fi, err := os.Stat(p.WD); err != nil || !fi.IsDir() {
		return absolute(p.WD)
	}
	if p.Marker != "" {
		if _, err := os.Stat(filepath.Join(p.WD, p.Marker)); err == nil {
			return absolute(p.WD)
		}
	}
	if top := GitTop(physical(absolute(p.WD))); top != "" {
		return top
	}
	return absolute(p.WD)
}

// Start returns <start> of the project and local scopes: flag (--project-dir) when set, else
// wd, made absolute. Claude Code reads the project settings file only in the directory it was
// started in.
func Start(flag, wd string) string {
	if flag != "" {
		return absolute(flag)
	}
	return absolute(wd)
}

// absolute returns path made absolute against the process's working directory (path itself
// when that fails).
func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
