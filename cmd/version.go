package cmd

import (
	"io"

	"github.com/spf13/cobra"
)

// versionLine is what `ccc-hooks version` and `ccc-hooks --version` print: "ccc-hooks <version>".
// doctor reads this line from the binary a hook runs to tell whether it is this version.
func versionLine() string { return "ccc-hooks " + Version + "\n" }

func newVersionCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of ccc-hooks",
		Args:  cobraArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			_, err := io.WriteString(env.IO.Out, versionLine())
			return err
		},
	}
}
