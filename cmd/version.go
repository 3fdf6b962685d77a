package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
	"github.com/ccc-hooks/ccc-hooks/internal/release"
)

// versionLine is what `ccc-hooks version` and `ccc-hooks --version` print: "ccc-hooks <version>
// (commit <hash>, built <date>)" (buildinfo.Info.Line). doctor reads this line from the binary a
// hook runs to tell whether it is this build.
func versionLine() string { return buildinfo.Get().Line() }

// versionOptions are the inputs of `ccc-hooks version`.
type versionOptions struct {
	Check bool // --check: ask the release host for the newest release
}

func newVersionCmd(env *Env) *cobra.Command {
	var opts versionOptions
	c := &cobra.Command{
		Use:   "version [--check]",
		Short: "Print the version of ccc-hooks, the commit it was built from and when",
		Long: `version prints the version of ccc-hooks, the commit it was built from and when.

--check also asks the release host which release is the newest ($CCC_HOOKS_RELEASE_URL, as
install.sh reads it; default the project's GitHub releases), with curl or wget as install.sh
does, and says whether it is newer, with the line that updates. Only this command asks: the hook
never reaches the network.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runVersion(c.Context(), env, opts)
		},
	}
	c.Flags().BoolVar(&opts.Check, "check", false, "also say whether a newer release exists (asks the release host)")
	return c
}

func runVersion(ctx context.Context, env *Env, opts versionOptions) error {
	if _, err := io.WriteString(env.IO.Out, versionLine()); err != nil {
		return err
	}
	if !opts.Check {
		return nil
	}
	folder := env.Getenv(release.URLVar)
	if folder == "" {
		folder = release.DefaultURL
	}
	latest, err := release.Latest(ctx, folder, env.LookPath)
	if err != nil {
		return fmt.Errorf("version --check: cannot tell the newest release: %w", err)
	}
	// The install line is a command to paste: it stays whole (see fitText).
	_, err = io.WriteString(env.IO.Out, fitText(checkMessage(buildinfo.Get().Version, latest), env.IO.width())+"\n")
	return err
}

// checkMessage says where the build of version current stands against the newest release.
func checkMessage(current string, latest release.Release) string {
	newer, compared := release.Newer(latest.Tag, current)
	switch {
	case !compared:
		return fmt.Sprintf("This is a source build (%s); the newest release is %s (%s). To install it instead:\n  %s\n",
			current, latest.Version(), latest.Page, release.InstallLine)
	case newer:
		return fmt.Sprintf("A newer release exists: %s (%s). To update, run the install line again (its questions offer what "+
			"you chose last time):\n  %s\n", latest.Version(), latest.Page, release.InstallLine)
	}
	return fmt.Sprintf("No release is newer than this one: the newest is %s.\n", latest.Version())
}
