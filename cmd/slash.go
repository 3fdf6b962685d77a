package cmd

import (
	"fmt"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// slashCommandWrites plans writing the command files of profile p (for the supervisor /supervisor
// and /supervisor-off, for the workflow /mc, /mc-confirm and /mc-review) into dir/commands/. A
// command file of the same name that ccc-hooks did not write is left alone, with a warning.
func slashCommandWrites(env *Env, p installer.Profile, dir, binary string) []fileChange {
	var changes []fileChange
	for _, sc := range installer.SlashCommands(p, binary) {
		path := installer.SlashCommandPath(dir, sc.Name)
		if old, err := safefile.ReadRegular(path, 1<<20); err == nil && !installer.IsOurSlashCommand(old) {
			warnf(env, "%s exists and was not written by ccc-hooks; left it unchanged (/%s runs that file)", path, sc.Name)
			continue
		}
		changes = append(changes, fileChange{
			path: path,
			change: func(old []byte, exists bool) ([]byte, bool, error) {
				if exists && !installer.IsOurSlashCommand(old) {
					return old, false, nil // made by someone since the look above: never overwritten
				}
				return sc.Content, false, nil
			},
			done: func(ch settings.Change) string { return fmt.Sprintf("Wrote /%s (%s).", sc.Name, ch.Path) },
		})
	}
	return changes
}

// slashCommandRemovals plans removing profile p's command files from dir/commands/ that
// ccc-hooks wrote, and only those.
func slashCommandRemovals(p installer.Profile, dir string) []fileChange {
	var changes []fileChange
	for _, sc := range installer.SlashCommands(p, "ccc-hooks") {
		changes = append(changes, fileChange{
			path: installer.SlashCommandPath(dir, sc.Name),
			change: func(old []byte, exists bool) ([]byte, bool, error) {
				return old, exists && installer.IsOurSlashCommand(old), nil
			},
			done: func(ch settings.Change) string { return fmt.Sprintf("Removed /%s (%s).", sc.Name, ch.Path) },
		})
	}
	return changes
}

// workflowCommandsDir is the folder whose commands/ holds the workflow's /mc commands for a
// settings file: beside it for project and local scope (<project>/.claude), the Claude config dir
// for every other scope. Claude Code reads commands from exactly those two places.
func workflowCommandsDir(env *Env, t installer.Target) string {
	if t.Scope == installer.ScopeProject || t.Scope == installer.ScopeLocal {
		return filepath.Dir(t.Path)
	}
	return paths.ConfigDir(env.Getenv)
}

// workflowInstalledBeside reports whether the workflow stays installed in a settings file whose
// commands live in dir, given that the file at changed will hold after. A file that cannot be
// read or parsed counts as installed: the commands are kept when in doubt.
func workflowInstalledBeside(env *Env, loc installer.Locator, dir, changed string, after []byte) bool {
	var beside []installer.Target
	for _, t := range loc.All() {
		if workflowCommandsDir(env, t) == dir {
			beside = append(beside, t)
		}
	}
	return installer.InstalledInAny(installer.Workflow, beside, changed, after)
}
