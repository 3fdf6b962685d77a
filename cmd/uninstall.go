package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// uninstallOptions are the choices of one `ccc-hooks uninstall`.
type uninstallOptions struct {
	Target  targetFlags
	Profile string
	DryRun  bool
	Yes     bool
}

func newUninstallCmd(env *Env) *cobra.Command {
	opts := &uninstallOptions{}
	c := &cobra.Command{
		Use:   "uninstall",
		Short: "Take exactly the ccc-hooks entries out of a Claude Code settings file",
		Long: `Take exactly the ccc-hooks entries of one profile out of a settings file, and the
containers that became empty because of it. Right after an install this restores the
original bytes; a file that install created is removed again.

Stop is shared by both profiles: while the other profile is still installed in the same
file, its Stop entry stays.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Target.changed(c)
			return runUninstall(c.Context(), env, opts)
		},
	}
	opts.Target.register(c)
	fl := c.Flags()
	fl.StringVar(&opts.Profile, "profile", installer.Supervisor.Name, "hook profile: supervisor|workflow")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the diff and change nothing")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation")
	return c
}

func runUninstall(_ context.Context, env *Env, opts *uninstallOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, _, err := profileAndTarget(env, "uninstall", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	// Every settings file of the user and project: what is installed elsewhere decides which
	// command files go, and is named when the target holds nothing to remove.
	loc, err := opts.Target.locator(env)
	if err != nil {
		return err
	}
	out, err := applyPlan(env, "uninstall", installer.PlanUninstall(loc, target, profile), opts.DryRun, ask)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(env.IO.Out, out.Note)
	return err
}
