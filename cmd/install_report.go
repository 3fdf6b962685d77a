package cmd

import (
	"fmt"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// scopeNote says where Claude Code must be started for the file just installed to count, where
// that is not plain: the project file below the top of a git repository, the local file of a
// repository's top (or of the directory itself, where Claude Code does not take the top), and a
// user or provider file under a CLAUDE_CONFIG_DIR or HOME that is relative. "" elsewhere.
func scopeNote(loc installer.Locator, target installer.Target) string {
	start := loc.ProjectDir
	top := paths.GitTop(start)
	switch target.Scope {
	case installer.ScopeProject:
		if top == "" || top == start {
			return ""
		}
		return fmt.Sprintf("Claude Code reads %s only when started in %s; started at the top of the repository it reads "+
			"%s instead (install there with --project-dir %s, or use --scope local, read from %s wherever Claude Code starts in it).\n",
			target.Path, start, paths.ProjectFile(top), top, loc.RootDir())
	case installer.ScopeLocal:
		root := loc.RootDir()
		switch {
		case top == "" || top == start && root == start:
			return ""
		case root == start:
			return fmt.Sprintf("Claude Code reads %s only when started in %s: it does not read the local settings at the top of "+
				"this repository, %s (%s).\n", target.Path, start, top, notTop(loc, top))
		case paths.MainWorkTree(top) == root && root != top:
			return fmt.Sprintf("Claude Code started anywhere in %s or in its main work tree %s reads %s (the local settings of the main work tree).\n",
				top, root, target.Path)
		}
		return fmt.Sprintf("Claude Code started anywhere in %s reads %s (the local settings of the repository's top level).\n",
			root, target.Path)
	case installer.ScopeUser, installer.ScopeProvider:
		if from := loc.Place().ClaudeDirFrom(); from != "" {
			return fmt.Sprintf("Claude Code reads %s only when started in %s: it takes %s from the directory it is started in, "+
				"expanding nothing.\n", target.Path, start, from)
		}
	}
	return ""
}

// notTop says why Claude Code started in a directory below top does not read top's local
// settings.
func notTop(loc installer.Locator, top string) string {
	if home, err := filepath.EvalSymlinks(paths.HomeDir(loc.Getenv)); err == nil && paths.MainWorkTree(top) == home {
		return "your home directory, whose local settings Claude Code reads only when started there"
	}
	return "it, its .git or its .claude belongs to another user"
}
