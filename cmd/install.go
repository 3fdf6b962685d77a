package cmd

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/hookrt/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// installOptions are the choices of one `ccc-hooks install`.
type installOptions struct {
	Target        targetFlags
	Profile       string
	Events        string
	EventsSet     bool
	Timeout       int
	TimeoutSet    bool
	SlashCommands bool
	SlashSet      bool
	DryRun        bool
	Yes           bool
}

const (
	defaultTimeout = 600
	maxTimeout     = 86400
)

func newInstallCmd(env *Env) *cobra.Command {
	opts := &installOptions{}
	c := &cobra.Command{
		Use:   "install",
		Short: "Merge ccc-hooks entries into a Claude Code settings file",
		Long: `Merge ccc-hooks entries into a Claude Code settings file without moving any other byte.

On a terminal, choices not given as flags are asked for, and the change is shown as a diff
before it is written. Without a terminal nothing is asked: scope user, profile supervisor,
all of the profile's events, timeout 600 seconds.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			opts.Target.changed(c)
			opts.EventsSet = c.Flags().Changed("events")
			opts.TimeoutSet = c.Flags().Changed("timeout")
			opts.SlashSet = c.Flags().Changed("slash-commands")
			return runInstall(c.Context(), env, opts)
		},
	}
	opts.Target.register(c)
	fl := c.Flags()
	fl.StringVar(&opts.Profile, "profile", installer.Supervisor.Name, "hook profile: supervisor|workflow")
	fl.StringVar(&opts.Events, "events", "", "comma-separated events of the profile (default all): "+
		"supervisor: "+strings.Join(installer.Supervisor.EventNames(), ",")+"; workflow: "+strings.Join(installer.Workflow.EventNames(), ","))
	fl.IntVar(&opts.Timeout, "timeout", defaultTimeout, "hook timeout in seconds")
	fl.BoolVar(&opts.SlashCommands, "slash-commands", false, "also write the /supervisor and /supervisor-off commands")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the diff and change nothing")
	fl.BoolVar(&opts.Yes, "yes", false, "do not ask; replace entries of the older `ccc supervisor-hook`")
	return c
}

func runInstall(_ context.Context, env *Env, opts *installOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, err := profileAndTarget(env, "install", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	events, err := installEvents(env, opts, profile, ask)
	if err != nil {
		return cancelled("install", err)
	}
	timeout, err := installTimeout(env, opts, ask)
	if err != nil {
		return cancelled("install", err)
	}
	binary, err := env.Executable()
	if err != nil {
		return fmt.Errorf("install: locate this binary: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(binary); err == nil {
		binary = resolved
	}
	plan := installer.Install{Profile: profile, Events: events, Command: installer.HookCommand(binary), Timeout: timeout}

	// Read and check the file before asking anything more; its entries of the older
	// `ccc supervisor-hook` decide one more question.
	current, err := store(env).Preview(target.Path, plan.Change)
	if err != nil {
		return fileError("install", target.Path, err)
	}
	if plan.ReplaceLegacy, err = replaceLegacy(env, opts, plan, current.Old); err != nil {
		return cancelled("install", err)
	}
	slash, supervisorOn, err := installExtras(env, opts, profile, ask)
	if err != nil {
		return cancelled("install", err)
	}
	changes := []fileChange{{
		path:   target.Path,
		change: plan.Change,
		done: func(settings.Change) string {
			return fmt.Sprintf("Installed the %s hooks (%s) into %s.", profile.Name, eventLabels(events), target)
		},
	}}
	if slash {
		changes = append(changes, slashCommandWrites(env, installer.Supervisor, paths.ConfigDir(env.Getenv), binary)...)
	}
	if profile.Name == installer.Workflow.Name { // /mc, /mc-confirm, /mc-review: the profile's way in
		changes = append(changes, slashCommandWrites(env, profile, workflowCommandsDir(env, target), binary)...)
	}
	if supervisorOn {
		path := paths.ConfigFile(env.Getenv)
		changes = append(changes, fileChange{
			path:   path,
			change: config.SetEnabled(true),
			done:   func(settings.Change) string { return fmt.Sprintf("The supervisor is on by default (%s).", path) },
		})
	}
	previews, written, err := applyChanges(env, "install", changes, opts.DryRun, ask)
	if err == nil && (written || !previews[0].Changed && !opts.DryRun) {
		noteInstall(env, target, &opts.Target, profile, events)
	}
	switch {
	case err != nil || slices.ContainsFunc(previews, func(p settings.Change) bool { return p.Changed }):
	case opts.DryRun:
		_, err = fmt.Fprintf(env.IO.Out, "%s: already installed, nothing would change.\n", target)
	default:
		_, err = fmt.Fprintf(env.IO.Out, "%s: already installed, nothing changed.\n", target)
	}
	return err
}

func installEvents(env *Env, opts *installOptions, p installer.Profile, ask bool) ([]installer.Event, error) {
	if !ask || opts.EventsSet || len(p.Events) == 1 {
		events, err := p.SelectEvents(opts.Events)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		return events, nil
	}
	labels := make([]string, len(p.Events))
	all := make([]int, len(p.Events))
	for i, e := range p.Events {
		labels[i] = fmt.Sprintf("%-20s %s", e.Name, e.Label())
		all[i] = i
	}
	picked, err := env.Prompter.MultiSelect("Which events should ccc-hooks handle?", labels, all)
	if err != nil {
		return nil, err
	}
	events := make([]installer.Event, len(picked))
	for i, idx := range picked {
		events[i] = p.Events[idx]
	}
	return events, nil
}

func installTimeout(env *Env, opts *installOptions, ask bool) (int, error) {
	t := opts.Timeout
	if ask && !opts.TimeoutSet {
		answer, err := env.Prompter.Input("Hook timeout in seconds:", strconv.Itoa(defaultTimeout))
		if err != nil {
			return 0, err
		}
		if t, err = strconv.Atoi(strings.TrimSpace(answer)); err != nil {
			return 0, usageErrorf("timeout %q: want a whole number of seconds", answer)
		}
	}
	if t < 1 || t > maxTimeout {
		return 0, usageErrorf("--timeout %d: want seconds between 1 and %d (Claude Code reads timeouts in seconds, not milliseconds)", t, maxTimeout)
	}
	return t, nil
}

// installExtras asks, on a terminal, for the slash commands and the supervisor default.
func installExtras(env *Env, opts *installOptions, p installer.Profile, ask bool) (slash, supervisorOn bool, err error) {
	slash = opts.SlashCommands
	if !ask || p.Name != installer.Supervisor.Name {
		return slash, false, nil
	}
	if !opts.SlashSet {
		if slash, err = env.Prompter.Confirm("Also add the /supervisor and /supervisor-off slash commands?", true); err != nil {
			return false, false, err
		}
	}
	supervisorOn, err = env.Prompter.Confirm("Turn the supervisor on by default for every session?", false)
	return slash, supervisorOn, err
}

// replaceLegacy decides whether entries of the older `ccc supervisor-hook` are replaced: always
// with --yes, after asking on a terminal, never otherwise (they are left and a warning says so).
func replaceLegacy(env *Env, opts *installOptions, plan installer.Install, src []byte) (bool, error) {
	legacy, err := plan.Legacy(src)
	if err != nil || len(legacy) == 0 {
		return false, nil
	}
	if opts.Yes {
		return true, nil
	}
	msg := fmt.Sprintf("Found %d entr%s of the older `ccc supervisor-hook` (%s). Replace them with ccc-hooks?",
		len(legacy), plural(len(legacy), "y", "ies"), legacy[0].Command)
	if env.IO.Interactive {
		return env.Prompter.Confirm(msg, true)
	}
	warnf(env, "kept %d entr%s of the older `ccc supervisor-hook`; both would run. Re-run with --yes to replace them.",
		len(legacy), plural(len(legacy), "y", "ies"))
	return false, nil
}

func eventLabels(events []installer.Event) string {
	labels := make([]string, len(events))
	for i, e := range events {
		labels[i] = e.Label()
	}
	return strings.Join(labels, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
