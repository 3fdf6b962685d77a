package cmd

import (
	"context"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
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
	ledger, _ := st.Ledger(target.Path)
	plan := installer.Uninstall{Profile: profile, Ledger: ledger}
	preview, err := st.Preview(target.Path, plan.Change)
	if err != nil {
		return fileError("uninstall", target.Path, err)
	}
	changes := []fileChange{{
		path:   target.Path,
		change: plan.Change,
		done: func(ch settings.Change) string {
			if ch.Removed {
				return fmt.Sprintf("Removed the %s hooks; %s was created by ccc-hooks and is gone again.", profile.Name, target)
			}
			return fmt.Sprintf("Removed the %s hooks from %s.", profile.Name, target)
		},
	}}
	// The slash commands serve every scope: they go with the last supervisor installation.
	if profile.Name == installer.Supervisor.Name {
		loc, err := opts.Target.locator(env)
		if err != nil {
			return err
		}
		if !loc.InstalledAnywhere(profile, target.Path, preview.New) {
			changes = append(changes, slashCommandRemovals(profile, paths.ConfigDir(env.Getenv))...)
		}
	}
	// The /mc commands live beside the scope: they go with the last workflow installation there.
	if profile.Name == installer.Workflow.Name {
		loc, err := opts.Target.locator(env)
		if err != nil {
			return err
		}
		dir := workflowCommandsDir(env, target)
		if !workflowInstalledBeside(env, loc, dir, target.Path, preview.New) {
			changes = append(changes, slashCommandRemovals(profile, dir)...)
		}
	}
	previews, written, err := applyChanges(env, "uninstall", changes, opts.DryRun, ask)
	if err == nil && !opts.DryRun && (written || !previews[0].Changed) {
		if lerr := st.NoteUninstall(target.Path, profile.Name); lerr != nil {
			warnf(env, "%v", lerr)
		}
	}
	if err == nil && !slices.ContainsFunc(previews, func(p settings.Change) bool { return p.Changed }) {
		_, err = fmt.Fprintf(env.IO.Out, "%s: no %s hooks of ccc-hooks, nothing to remove.\n", target, profile.Name)
	}
	return err
}
