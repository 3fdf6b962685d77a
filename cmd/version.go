package cmd

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
)

// versionLine is what `ccc-hooks version` and `ccc-hooks --version` print: "ccc-hooks <version>
// (commit <hash>, built <date>)" (buildinfo.Info.Line). doctor reads this line from the binary a
// hook runs to tell whether it is this build.
func versionLine() string { return buildinfo.Get().Line() }

func newVersionCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of ccc-hooks, the commit it was built from and when",
		Args:  cobraArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			_, err := io.WriteString(env.IO.Out, versionLine())
			return err
		},
	}
}
