package cmd

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// uninstallOptions are the choices of one `ccc-hooks uninstall`.
type uninstallOptions struct {
	Target  targetFlags
	Profile string
	// ProfileSet is true when --profile was given.
	ProfileSet bool
	// All removes everything ccc-hooks put on the machine (see runUninstallAll).
	All    bool
	DryRun bool
	Yes    bool
}

func newUninstallCmd(env *Env) *cobra.Command {
	opts := &uninstallOptions{}
	c := &cobra.Command{
		Use:   "uninstall",
		Short: "Take exactly the ccc-hooks entries out of a Claude Code settings file, or everything with --all",
		Long: `Take exactly the ccc-hooks entries of one profile out of a settings file, and the
containers that became empty because of it. Right after an install this restores the
original bytes; a file that install created is removed again.

Stop is shared by both profiles: while the other profile is still installed in the same
file, its Stop entry stays.

--all removes everything ccc-hooks put on this machine: its hooks in every settings file it
installed into, its slash commands, ccc.json (when it holds no other program's keys), the
ccc-hooks home (state, logs and the backups of settings files) and this binary. It lists all of
it and asks first on a terminal; --yes removes without asking, --dry-run only lists and shows
the diffs. The Claude Code plugin and your own SUPERVISOR.md stay, and it says so.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Target.changed(c)
			opts.ProfileSet = c.Flags().Changed("profile")
			if opts.All {
				return runUninstallAll(c.Context(), env, opts)
			}
			return runUninstall(c.Context(), env, opts)
		},
	}
	opts.Target.register(c)
	fl := c.Flags()
	fl.StringVar(&opts.Profile, "profile", installer.Supervisor.Name, "hook profile: supervisor|workflow")
	fl.BoolVar(&opts.All, "all", false, "remove everything ccc-hooks put on this machine, the binary included")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the diff and change nothing")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation")
	return c
}

func runUninstall(_ context.Context, env *Env, opts *uninstallOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, loc, err := profileAndTarget(env, "uninstall", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	if err := projectIsUser("uninstall", loc, target); err != nil {
		return err
	}
	loc.OpenTasks = openTaskIDs(env)
	out, err := applyPlan(env, "uninstall", installer.PlanUninstall(loc, target, profile), opts.DryRun, ask)
	if err != nil {
		return err
	}
	if out.Wrote {
		return env.say(uninstallLeft(env))
	}
	return env.say(out.Note)
}

// uninstallLeft says, after an uninstall of one profile's hooks, what of ccc-hooks stays on the
// machine (those of ccc.json, the ccc-hooks home and this binary that are there) and the
// command that removes it all.
func uninstallLeft(env *Env) string {
	var left []string
	for _, w := range []struct{ path, what string }{
		{paths.ConfigFile(env.Getenv), "the supervisor's settings"},
		{paths.Home(env.Getenv), "ccc-hooks' state, logs and backups"},
	} {
		if _, err := os.Lstat(w.path); err == nil {
			left = append(left, w.path+" ("+w.what+")")
		}
	}
	if binary, err := installingBinary(env); err == nil {
		left = append(left, binary+" (this program)")
	}
	home := paths.HomeDir(env.Getenv)
	return tildeHome(fmt.Sprintf("Left as they are: %s. `%s uninstall --all` removes everything ccc-hooks put on this machine.",
		joinAnd(left), adviceProgram(env)), home)
}

// joinAnd joins items as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// runUninstallAll removes everything ccc-hooks put on the machine (installer.Purge), after one
// question on a terminal (its default is no: nothing of this comes back), or at once with --yes.
// Without a terminal it needs --yes (or --dry-run): a script that meant one profile's uninstall
// must not lose everything.
func runUninstallAll(_ context.Context, env *Env, opts *uninstallOptions) error {
	if opts.Target.chosen() || opts.Target.FileSet || opts.ProfileSet {
		return usageErrorf("uninstall --all takes every scope and profile: leave out --scope, --provider, --file and --profile")
	}
	if !opts.Yes && !opts.DryRun && !env.IO.Interactive {
		return usageErrorf("uninstall --all removes everything ccc-hooks put on this machine, the binary included; " +
			"without a terminal to ask on, pass --yes (or --dry-run to see what it would remove); nothing was changed")
	}
	loc, err := opts.Target.locator(env)
	if err != nil {
		return err
	}
	binary, err := installingBinary(env)
	if err != nil {
		return err
	}
	purge := installer.PlanPurge(loc, binary)
	if purge.Empty() {
		if err := env.say("Nothing of ccc-hooks is left on this machine to remove."); err != nil {
			return err
		}
		return printLeft(env, purge)
	}
	verb := "removes"
	if opts.DryRun {
		verb = "would remove"
	}
	if err := env.sayf("uninstall --all %s everything ccc-hooks put on this machine:\n%s", verb,
		strings.Join(purge.Lines(), "\n")); err != nil {
		return err
	}
	if err := printLeft(env, purge); err != nil {
		return err
	}
	if opts.DryRun {
		for _, h := range purge.Hooks {
			for _, p := range h.Profiles {
				if _, err := applyPlan(env, "uninstall", installer.PlanUninstall(h.Loc, h.Target, p), true, false); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if !opts.Yes {
		ok, err := env.Prompter.Confirm("Remove all of this?", false)
		if err != nil {
			return cancelled("uninstall", err)
		}
		if !ok {
			return env.say("Nothing was changed.")
		}
	}
	if err := purge.Apply(installer.ApplyOptions{UI: planUI{env: env, verb: "uninstall"}, Now: env.Now}); err != nil {
		return fmt.Errorf("uninstall --all: %w", err)
	}
	done := "ccc-hooks is uninstalled."
	if plugins, _ := installer.Plugins(loc); len(plugins) > 0 {
		ids := make([]string, len(plugins))
		for i, p := range plugins {
			ids[i] = "`claude plugin uninstall " + p.ID + "`"
		}
		done = fmt.Sprintf("ccc-hooks is uninstalled from the settings files, but Claude Code still has its plugin installed: %s removes it.",
			joinAnd(ids))
	}
	return env.say(done + " Claude Code sessions started before this still hold its hooks: restart them.")
}

// printLeft says what uninstall --all leaves, and why.
func printLeft(env *Env, purge installer.Purge) error {
	for _, l := range purge.Left {
		if err := env.say("Left alone: " + l); err != nil {
			return err
		}
	}
	return nil
}
