package installer

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// slashCommandWrites plans writing the command files of profile p (for the supervisor /supervisor
// and /supervisor-off, for the workflow /mc, /mc-confirm and /mc-review) into dir/commands/. A
// command file of the same name that ccc-hooks did not write is left alone, with a warning.
func slashCommandWrites(p Profile, dir, binary string) []fileChange {
	var changes []fileChange
	for _, sc := range SlashCommands(p, binary) {
		path := SlashCommandPath(dir, sc.Name)
		if old, err := safefile.ReadRegular(path, 1<<20); err == nil && !IsOurSlashCommand(old) {
			changes = append(changes, fileChange{
				warning: fmt.Sprintf("%s exists and was not written by ccc-hooks; left it unchanged (/%s runs that file)", path, sc.Name),
			})
			continue
		}
		changes = append(changes, fileChange{
			path: path,
			change: func(old []byte, exists bool) ([]byte, bool, error) {
				if exists && !IsOurSlashCommand(old) {
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
func slashCommandRemovals(p Profile, dir string) []fileChange {
	var changes []fileChange
	for _, sc := range SlashCommands(p, "ccc-hooks") {
		changes = append(changes, fileChange{
			path: SlashCommandPath(dir, sc.Name),
			change: func(old []byte, exists bool) ([]byte, bool, error) {
				return old, exists && IsOurSlashCommand(old), nil
			},
			done: func(ch settings.Change) string { return fmt.Sprintf("Removed /%s (%s).", sc.Name, ch.Path) },
		})
	}
	return changes
}

// hasOurSlashCommand reports whether the command file /name that ccc-hooks writes is in
// dir/commands/.
func hasOurSlashCommand(dir, name string) bool {
	b, err := safefile.ReadRegular(SlashCommandPath(dir, name), 1<<20)
	return err == nil && IsOurSlashCommand(b)
}

// hasOurSlashCommands reports whether one of profile p's command files that ccc-hooks writes is
// in dir/commands/.
func hasOurSlashCommands(dir string, p Profile) bool {
	return slices.ContainsFunc(SlashCommands(p, "ccc-hooks"), func(sc SlashCommand) bool { return hasOurSlashCommand(dir, sc.Name) })
}

// commandsDir is the folder whose commands/ holds the workflow's /mc commands for a settings
// file: beside it for project and local scope (<project>/.claude), the Claude config dir for
// every other scope. Claude Code reads commands from exactly those two places.
func (l Locator) commandsDir(t Target) string {
	if t.Scope == ScopeProject || t.Scope == ScopeLocal {
		return filepath.Dir(t.Path)
	}
	return l.ClaudeDir()
}

// workflowInstalledBeside reports whether the workflow stays installed in a settings file whose
// commands live in dir, given what the file at changed will hold after. A file that cannot be
// read or parsed counts as installed: the commands are kept when in doubt.
func (l Locator) workflowInstalledBeside(dir, changed string, after []byte) bool {
	var beside []Target
	for _, t := range l.All() {
		if l.commandsDir(t) == dir {
			beside = append(beside, t)
		}
	}
	return InstalledInAny(Workflow, beside, changed, after)
}
