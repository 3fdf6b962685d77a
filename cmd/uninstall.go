package cmd

import (
	"errors"

	"github.com/spf13/cobra"
)

// TEMPORARY: replaced by the real command.
func newUninstallCmd(env *Env) *cobra.Command {
	return &cobra.Command{Use: "uninstall", RunE: func(*cobra.Command, []string) error { return errors.New("not built yet") }}
}
