package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newVersionCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of ccc-hooks",
		Args:  cobraArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(env.IO.Out, "ccc-hooks %s\n", Version)
			return err
		},
	}
}
