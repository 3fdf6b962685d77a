package cmd

import (
	"fmt"
	"os"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// slashCommandWrites plans writing /supervisor and /supervisor-off into
// <claude config dir>/commands/. A command file of the same name that ccc-hooks did not write is
// left alone, with a warning.
func slashCommandWrites(env *Env, binary string) []fileChange {
	var changes []fileChange
	for _, sc := range installer.SlashCommands(installer.Supervisor, binary) {
		path := installer.SlashCommandPath(paths.ConfigDir(env.Getenv), sc.Name)
		if old, err := os.ReadFile(path); err == nil && !installer.IsOurSlashCommand(old) {
			warnf(env, "%s exists and was not written by ccc-hooks; left it unchanged", path)
			continue
		}
		changes = append(changes, fileChange{
			path: path,
			change: func([]byte, bool) ([]byte, bool, error) {
				return sc.Content, false, nil
			},
			done: func(ch settings.Change) string { return fmt.Sprintf("Wrote /%s (%s).", sc.Name, ch.Path) },
		})
	}
	return changes
}

// slashCommandRemovals plans removing the command files ccc-hooks wrote, and only those.
func slashCommandRemovals(env *Env) []fileChange {
	var changes []fileChange
	for _, sc := range installer.SlashCommands(installer.Supervisor, "ccc-hooks") {
		changes = append(changes, fileChange{
			path: installer.SlashCommandPath(paths.ConfigDir(env.Getenv), sc.Name),
			change: func(old []byte, exists bool) ([]byte, bool, error) {
				return old, exists && installer.IsOurSlashCommand(old), nil
			},
			done: func(ch settings.Change) string { return fmt.Sprintf("Removed /%s (%s).", sc.Name, ch.Path) },
		})
	}
	return changes
}
