package cmd

import (
	"context"
	"fmt"
	"slices"
	"strings"

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
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation")
	return c
}

func runUninstall(_ context.Context, env *Env, opts *uninstallOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, err := profileAndTarget(env, "uninstall", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	run := newChangeRun(env, "uninstall", opts.DryRun, ask)
	before := installer.ReadLedger(run.st.Home, target.Path)
	ch, err := run.add(fileChange{
		path: target.Path,
		// The ledger is read under the writer lock: another ccc-hooks may be installing into
		// the same file, and what it creates must go with our entries.
		ledgered: func(l *settings.Ledger) settings.ChangeFunc {
			return installer.Uninstall{Profile: profile, Ledger: installer.LedgerOf(l)}.Change
		},
		done: func(ch settings.Change) string {
			if ch.Removed {
				return fmt.Sprintf("Removed the %s hooks; %s was created by ccc-hooks and is gone again.", profile.Name, target)
			}
			return fmt.Sprintf("Removed the %s hooks from %s.%s", profile.Name, target, keptNote(profile, ch.Old, before))
		},
	})
	if err != nil {
		return err
	}
	// The slash commands serve every scope: they go with the last supervisor installation.
	if profile.Name == installer.Supervisor.Name && slashCommandsInstalled(env) {
		loc, err := opts.Target.locator(env)
		if err != nil {
			return err
		}
		if !loc.InstalledAnywhere(profile, target.Path, ch.New) {
			for _, fc := range slashCommandRemovals(profile, paths.ConfigDir(env.Getenv)) {
				if _, err := run.add(fc); err != nil {
					return err
				}
			}
		}
	}
	// The /mc commands live beside the scope: they go with the last workflow installation there.
	if profile.Name == installer.Workflow.Name {
		loc, err := opts.Target.locator(env)
		if err != nil {
			return err
		}
		dir := workflowCommandsDir(env, target)
		if !workflowInstalledBeside(env, loc, dir, target.Path, ch.New) {
			for _, fc := range slashCommandRemovals(profile, dir) {
				if _, err := run.add(fc); err != nil {
					return err
				}
			}
		}
	}
	written, err := run.finish()
	if err != nil {
		return err
	}
	if !opts.DryRun && (written || !run.preview || !ch.Changed) {
		if lerr := installer.NoteUninstall(run.st, target.Path, profile.Name); lerr != nil {
			warnf(env, "%v", lerr)
		}
	}
	if ch.Changed || run.changed() {
		return nil
	}
	if installedBefore(profile, ch.Old, before) {
		// Every entry it had is one another profile uses too: they stay, and the profile goes.
		verb := "Removed"
		if opts.DryRun {
			verb = "Would remove"
		}
		_, err = fmt.Fprintf(env.IO.Out, "%s the %s hooks from %s.%s\n", verb, profile.Name, target, keptNote(profile, ch.Old, before))
		return err
	}
	loc, err := opts.Target.locator(env)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%s: no %s hooks of ccc-hooks, nothing to remove.\n%s", target, profile.Name, installedElsewhere(loc, target))
	_, err = fmt.Fprint(env.IO.Out, msg)
	return err
}

// slashCommandsInstalled reports whether a slash command file written by ccc-hooks is in place.
func slashCommandsInstalled(env *Env) bool {
	for _, sc := range installer.SlashCommands(installer.Supervisor, "ccc-hooks") {
		if hasOurSlashCommand(env, sc.Name) {
			return true
		}
	}
	return false
}

// installedElsewhere names the settings files where ccc-hooks is installed, for someone who
// looked in the wrong one.
func installedElsewhere(loc installer.Locator, target installer.Target) string {
	targets := loc.All()
	if !slices.ContainsFunc(targets, func(t installer.Target) bool { return t.Path == target.Path }) {
		targets = append(targets, target)
	}
	var b strings.Builder
	for _, t := range targets {
		profiles := loc.InstalledIn(t.Path)
		if len(profiles) == 0 {
			continue
		}
		names := make([]string, len(profiles))
		for i, p := range profiles {
			names[i] = p.Name
		}
		fmt.Fprintf(&b, "  %s: %s\n", t, strings.Join(names, ", "))
	}
	if b.Len() == 0 {
		return "ccc-hooks is not installed in any settings file of this user and project.\n"
	}
	return "ccc-hooks is installed in:\n" + b.String()
}

// keptNote says which entries of profile an uninstall leaves in a file holding data (bytes a
// change checked, with ledger l) because another profile installed there uses them; "" when none.
func keptNote(profile installer.Profile, data []byte, l *installer.Ledger) string {
	kept := installer.Uninstall{Profile: profile, Ledger: l}.Kept(installer.CheckedRefs(data))
	if len(kept) == 0 {
		return ""
	}
	return fmt.Sprintf(" %s stays: %s installed there uses it.", eventLabels(kept), othersNames(profile, data, l))
}
