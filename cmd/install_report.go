package cmd

import (
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// scopeNote says, for the project and local scopes started below the top of a git repository,
// which directory counts: Claude Code reads the project settings file only in the directory it
// is started in, and the local one at the repository's top level. "" elsewhere.
func scopeNote(loc installer.Locator, target installer.Target) string {
	start, root := loc.ProjectDir, loc.RootDir()
	if start == "" || start == root {
		return ""
	}
	switch target.Scope {
	case installer.ScopeProject:
		return fmt.Sprintf("Claude Code reads %s only when started in %s; started at the top of the repository it reads "+
			"%s instead (install there with --project-dir %s, or use --scope local, read from %s wherever Claude Code starts in it).\n",
			target.Path, start, paths.ProjectFile(root), root, root)
	case installer.ScopeLocal:
		return fmt.Sprintf("Claude Code started anywhere in %s reads %s (the local settings of the repository's top level).\n",
			root, target.Path)
	}
	return ""
}
