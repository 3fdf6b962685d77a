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
	fl.BoolVar(&opts.Yes, "yes", false, "do not ask for confirmation")
	return c
}

func runUninstall(_ context.Context, env *Env, opts *uninstallOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, err := profileAndTarget(env, "uninstall", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	st := store(env)
	plan := installer.Uninstall{Profile: profile, CreatedByUs: st.CreatedByUs(target.Path)}
	preview, err := st.Preview(target.Path, plan.Change)
	if err != nil {
		return fileError("uninstall", target.Path, err)
	}
	out := env.IO.Out
	if !preview.Changed {
		fmt.Fprintf(out, "%s: no %s hooks of ccc-hooks, nothing to remove.\n", target, profile.Name)
	} else {
		ch, written, err := applyChange(env, "uninstall", target.Path, preview, plan.Change, opts.DryRun, ask)
		if err != nil || !written {
			return err
		}
		switch {
		case ch.Removed:
			fmt.Fprintf(out, "Removed the %s hooks; %s was created by ccc-hooks and is gone again.\n", profile.Name, target)
		case ch.Changed:
			fmt.Fprintf(out, "Removed the %s hooks from %s.\n", profile.Name, target)
		default:
			fmt.Fprintf(out, "%s: nothing to remove.\n", target)
		}
	}
	if profile.Name == installer.Supervisor.Name && !opts.DryRun {
		return removeSlashCommands(env)
	}
	return nil
}
