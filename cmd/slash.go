package cmd

import (
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// writeSlashCommands writes /supervisor and /supervisor-off into <claude config dir>/commands/.
// A command file of the same name that ccc-hooks did not write is left alone.
func writeSlashCommands(env *Env, binary string) error {
	st := store(env)
	for _, sc := range installer.SlashCommands(binary) {
		path := installer.SlashCommandPath(settings.ConfigDir(env.Getenv), sc.Name)
		foreign := false
		ch, err := st.Update(path, func(old []byte, exists bool) ([]byte, bool, error) {
			if exists && !installer.IsOurSlashCommand(old) {
				foreign = true
				return old, false, nil
			}
			return sc.Content, false, nil
		})
		switch {
		case err != nil:
			return fmt.Errorf("write slash command /%s: %w", sc.Name, err)
		case foreign:
			fmt.Fprintf(env.IO.ErrOut, "ccc-hooks: warning: %s exists and was not written by ccc-hooks; left it unchanged\n", path)
		case ch.Changed:
			fmt.Fprintf(env.IO.Out, "Wrote /%s (%s).\n", sc.Name, path)
		}
	}
	return nil
}

// removeSlashCommands deletes the command files ccc-hooks wrote, and only those.
func removeSlashCommands(env *Env) error {
	st := store(env)
	for _, sc := range installer.SlashCommands("ccc-hooks") {
		path := installer.SlashCommandPath(settings.ConfigDir(env.Getenv), sc.Name)
		ch, err := st.Update(path, func(old []byte, exists bool) ([]byte, bool, error) {
			return old, exists && installer.IsOurSlashCommand(old), nil
		})
		if err != nil {
			return fmt.Errorf("remove slash command /%s: %w", sc.Name, err)
		}
		if ch.Removed {
			fmt.Fprintf(env.IO.Out, "Removed /%s (%s).\n", sc.Name, path)
		}
	}
	return nil
}
