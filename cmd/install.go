package cmd

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
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
	Absolute      bool
	DryRun        bool
	Yes           bool
}

const maxTimeout = 86400

func newInstallCmd(env *Env) *cobra.Command {
	opts := &installOptions{Timeout: installer.DefaultTimeout}
	c := &cobra.Command{
		Use:   "install",
		Short: "Merge ccc-hooks entries into a Claude Code settings file",
		Long: `Merge ccc-hooks entries into a Claude Code settings file without moving any other byte.

On a terminal, choices not given as flags are asked for (each offering what is installed now),
and the change is shown as a diff before it is written. Without a terminal nothing is asked:
scope user, profile supervisor, all of the profile's events, timeout 600 seconds.

--events makes the profile's installed events exactly the ones given: the others are removed.
Project and managed settings, which other people use too, run "ccc-hooks hook" found on each
person's PATH; other files run this binary by its absolute path (--absolute: everywhere).`,
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
	fl.Var(secondsFlag{&opts.Timeout}, "timeout", "hook timeout in whole seconds, 1 to 86400")
	fl.BoolVar(&opts.SlashCommands, "slash-commands", false, "also write the /supervisor and /supervisor-off commands")
	fl.BoolVar(&opts.Absolute, "absolute", false, "write this binary's absolute path in project and managed settings too")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the diff and change nothing")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, `do not ask; replace entries of the older "ccc supervisor-hook"`)
	return c
}

func runInstall(ctx context.Context, env *Env, opts *installOptions) error {
	ask := env.IO.Interactive && !opts.Yes
	profile, target, loc, err := profileAndTarget(env, "install", opts.Profile, &opts.Target, ask)
	if err != nil {
		return err
	}
	if err := projectIsUser("install", loc, target); err != nil {
		return err
	}
	if target.Scope == installer.ScopeFile {
		if reads := loc.Unread(target.Path); reads != nil {
			var names []string
			for _, t := range reads {
				names = append(names, t.String())
			}
			return usageErrorf("install: --file %s: Claude Code started in %s does not read it: it reads %s; install there, "+
				"or run this where Claude Code starts (or with --project-dir DIR); nothing was changed",
				target.Path, loc.ProjectDir, strings.Join(names, " and "))
		}
		if err := parentExists(target.Path); err != nil {
			return err
		}
	}
	binary, err := installingBinary(env)
	if err != nil {
		return err
	}
	if _, warning, err := loc.HookFor(target, binary, opts.Absolute); err != nil {
		return err
	} else if warning != "" {
		warnf(env, "%s", warning)
	}
	d, err := installDecisions(ctx, env, opts, loc, target, profile, ask)
	if err != nil {
		return err
	}
	plan, err := installer.PlanInstall(loc, target, d, binary)
	if err != nil {
		return err
	}
	// What would stop or double the hooks is said before anything is written (doctor's rows).
	if after, err := plan.Planned(); err == nil {
		for _, w := range doctor.BeforeInstall(ctx, loc, target, after, doctor.NewEnv(env.Getenv, env.LookPath)) {
			warnf(env, "%s", w)
		}
	}
	out, err := applyPlan(env, "install", plan, opts.DryRun, ask)
	if err != nil {
		return err
	}
	if err := env.say(scopeNote(loc, target)); err != nil {
		return err
	}
	if out.Wrote {
		return printNextSteps(env, loc, target, profile, binary)
	}
	return env.say(out.Note)
}

// installDecisions returns what the flags decide, and on a terminal the answers to the
// questions, which offer what the file holds now (read and checked before anything is asked).
// Its entries of the older `ccc supervisor-hook` in the chosen events ask one more.
func installDecisions(ctx context.Context, env *Env, opts *installOptions, loc installer.Locator, target installer.Target,
	profile installer.Profile, ask bool,
) (installer.InstallDecisions, error) {
	d := installer.InstallDecisions{Profile: profile, Absolute: opts.Absolute, WarnLegacy: !ask && !opts.Yes}
	var now installer.Installation
	if ask {
		look, err := loc.Look(target, profile)
		if err != nil {
			return d, err
		}
		d.Seen, now = &look, look.Now
	}
	var err error
	if d.Events, err = installEvents(env, opts, profile, ask, now.Events); err != nil {
		return d, cancelled("install", err)
	}
	if d.Timeout, err = installTimeout(env, opts, ask, now.Timeout); err != nil {
		return d, cancelled("install", err)
	}
	// Without --timeout, and on a terminal when the timeout offered is taken, each entry of ours
	// keeps the timeout it has (one set by hand, say): an upgrade must not reset it.
	d.KeepTimeouts = !opts.TimeoutSet && (!ask || d.Timeout == offeredTimeout(opts, now.Timeout))
	var legacy []string
	if ask {
		legacy = d.Seen.Legacy(d.Events) // what the answer replaces: the chosen events only
	}
	if d.ReplaceLegacy, err = askReplaceLegacy(env, opts, legacy); err != nil {
		return d, cancelled("install", err)
	}
	if d.SlashCommands, d.SupervisorDefault, err = installExtras(env, opts, loc, profile, ask, len(now.Events) > 0); err != nil {
		return d, cancelled("install", err)
	}
	if d.Checks, err = installChecks(ctx, env, loc, target, profile, ask); err != nil {
		return d, cancelled("install", err)
	}
	if !opts.TimeoutSet && d.KeepTimeouts {
		err = makeRoomForChecks(env, loc, &d, now.Timeout)
	}
	return d, err
}

// installEvents returns --events, or on a terminal asks, offering the events installed now
// (all of the profile's when none is).
func installEvents(env *Env, opts *installOptions, p installer.Profile, ask bool, installed []installer.Event) ([]installer.Event, error) {
	if !ask || opts.EventsSet || len(p.Events) == 1 {
		events, err := p.SelectEvents(opts.Events)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		return events, nil
	}
	labels := make([]string, len(p.Events))
	var defaults []int
	for i, e := range p.Events {
		labels[i] = e.Name + " (" + e.Label() + ")" // short: the answer is echoed on one line
		if len(installed) == 0 || slices.Contains(installed, e) {
			defaults = append(defaults, i)
		}
	}
	picked, err := env.Prompter.MultiSelect("Which events?", labels, defaults)
	if err != nil {
		return nil, err
	}
	events := make([]installer.Event, len(picked))
	for i, idx := range picked {
		events[i] = p.Events[idx]
	}
	return events, nil
}

// installTimeout returns --timeout, or on a terminal asks, offering the timeout installed now
// (600 when none is) and asking again while the answer is not a timeout.
func installTimeout(env *Env, opts *installOptions, ask bool, installed int) (int, error) {
	if !ask || opts.TimeoutSet {
		return opts.Timeout, nil
	}
	def := offeredTimeout(opts, installed)
	validate := func(answer string) error {
		_, err := parseTimeout(answer)
		return err
	}
	answer, err := env.Prompter.Input("Hook timeout in seconds:", strconv.Itoa(def), validate)
	if err != nil {
		return 0, err
	}
	return parseTimeout(answer)
}

// offeredTimeout is the timeout the question offers: the one installed now, else the default.
func offeredTimeout(opts *installOptions, installed int) int {
	if installed > 0 {
		return installed
	}
	return opts.Timeout
}

// installExtras asks, on a terminal, for the slash commands and the supervisor default. Each
// question offers what stands: over an installed profile (reinstalled), whether its slash
// commands are there (yes for a first install), and the current default; supervisorDefault is
// nil when it stays as is.
func installExtras(env *Env, opts *installOptions, loc installer.Locator, p installer.Profile, ask, reinstalled bool) (slash bool, supervisorDefault *bool, err error) {
	slash = opts.SlashCommands
	if !ask || p.Name != installer.Supervisor.Name {
		return slash, nil, nil
	}
	if !opts.SlashSet {
		offer := !reinstalled || loc.HasSlashCommands(p)
		if slash, err = env.Prompter.Confirm("Also add the /supervisor and /supervisor-off slash commands?", offer); err != nil {
			return false, nil, err
		}
	}
	on := loc.SupervisorOnByDefault()
	answer, err := env.Prompter.Confirm("Turn the supervisor on by default for every session?", on)
	if err != nil || answer == on {
		return slash, nil, err
	}
	return slash, &answer, nil
}

// askReplaceLegacy decides whether entries of the older `ccc supervisor-hook` are replaced:
// always with --yes, after asking on a terminal; without a terminal the install says they stay.
func askReplaceLegacy(env *Env, opts *installOptions, legacy []string) (bool, error) {
	if opts.Yes {
		return true, nil
	}
	if len(legacy) == 0 || !env.IO.Interactive {
		return false, nil
	}
	msg := fmt.Sprintf("Found %d entr%s of the older `ccc supervisor-hook` (%s). Replace them with ccc-hooks?",
		len(legacy), plural(len(legacy), "y", "ies"), legacy[0])
	return env.Prompter.Confirm(msg, true)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// installingBinary returns the path of this binary for the entries to run, with symbolic links
// resolved (a link can move; the file it leads to is what was installed) unless that would
// change its name: a link named ccc-hooks to a file named otherwise, as release downloads often
// are, keeps the link's path, whose name marks the entries as ours.
func installingBinary(env *Env) (string, error) {
	binary, err := env.Executable()
	if err != nil {
		return "", fmt.Errorf("install: locate this binary: %w", err)
	}
	// A path that cannot be resolved is written as it was started, and so is one whose resolved
	// path Claude Code could not read (bytes that are not UTF-8) when the path started is UTF-8.
	resolved, err := filepath.EvalSymlinks(binary)
	if err == nil && (utf8.ValidString(resolved) || !utf8.ValidString(binary)) &&
		(filepath.Base(resolved) == filepath.Base(binary) || hookcmd.IsOurs(hookcmd.For(resolved, runtime.GOOS).Command)) {
		return resolved, nil
	}
	return binary, nil
}

// projectIsUser refuses the project scope where its file is the user settings file (Claude Code
// started in the home directory): install does not put the project scope's `ccc-hooks hook` there,
// and so uninstall --scope project has nothing of its own to take out of it.
func projectIsUser(verb string, loc installer.Locator, target installer.Target) error {
	if target.Scope != installer.ScopeProject || !loc.ProjectIsUser() {
		return nil
	}
	what := "where the project scope's `ccc-hooks hook` (run from PATH) does not belong; install with --scope user"
	if verb == "uninstall" {
		what = "which install --scope project never writes; what is installed there is taken out with uninstall --scope user"
	}
	return usageErrorf("%s: --scope project: here, in %s, the project settings file %s is your user settings file, %s, or run "+
		"this in the project's directory, or with --project-dir DIR; nothing was changed", verb, loc.ProjectDir, target.Path, what)
}
