package installer

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// InstallDecisions are what the flags and the questions decided for one install.
type InstallDecisions struct {
	Profile Profile
	// Events are the profile's events to install (see InstallSpec.Events).
	Events []Event
	// Timeout is the handler timeout in seconds.
	Timeout int
	// KeepTimeouts keeps the timeouts our entries have (see InstallSpec.KeepTimeouts).
	KeepTimeouts bool
	// ReplaceLegacy takes entries of the older `ccc supervisor-hook` out of the chosen events.
	ReplaceLegacy bool
	// WarnLegacy says, when such entries stay, that both would run (nobody was asked).
	WarnLegacy bool
	// Absolute writes the binary's absolute path in shared files too (see Locator.HookFor).
	Absolute bool
	// SlashCommands also writes /supervisor and /supervisor-off into the Claude config dir.
	SlashCommands bool
	// SupervisorDefault sets the supervisor default of ccc.json; nil leaves it as it is.
	SupervisorDefault *bool
	// Checks sets supervisor.checks of ccc.json; nil leaves it as it is.
	Checks *[]config.Check
	// Seen is the settings file as read before the questions (nil: it is read when the plan is
	// applied).
	Seen *Look
}

// Look is what a settings file holds, read before an install asks anything: the questions offer
// what is installed now, and the plan is made from these bytes (see InstallDecisions.Seen).
type Look struct {
	read settings.Change
	// Now is what the file holds of the profile looked for.
	Now Installation
}

// Look reads the settings file of target for an install of profile p and checks the profile's
// events in it.
func (l Locator) Look(target Target, p Profile) (Look, error) {
	cur, err := read(&settings.FileStore{Home: paths.Home(l.Getenv)}, "install", target.Path)
	if err != nil {
		return Look{}, err
	}
	handlers, err := settings.EventHandlers(cur.Old, hookNames(p.Events))
	if err != nil {
		return Look{}, fileError("install", target.Path, err)
	}
	return Look{read: cur, Now: p.Installed(handlers)}, nil
}

// Legacy returns the commands of the entries of the older `ccc supervisor-hook` in the given
// events: what replacing them takes out.
func (lk Look) Legacy(events []Event) []string {
	return commands(Legacy(lk.read.Old, events))
}

func commands(handlers []settings.Handler) []string {
	out := make([]string, len(handlers))
	for i, r := range handlers {
		out[i] = r.Command
	}
	return out
}

// HookFor returns the hook our entries run in target: hookcmd.Shared in files shared with
// other people (see Shared) unless absolute, else the hook of binary's absolute path on this
// system (hookcmd.For). warning is set when the shared command finds no ccc-hooks on PATH; err when binary's
// name would keep ccc-hooks from recognising its entries later.
func (l Locator) HookFor(target Target, binary string, absolute bool) (hook hookcmd.Hook, warning string, err error) {
	hook = hookcmd.Hook{Command: hookcmd.Shared}
	switch {
	case absolute || !Shared(target.Scope):
		hook = hookcmd.For(binary, runtime.GOOS)
	case lookpath.In("ccc-hooks", l.Getenv("PATH")) == "":
		warning = fmt.Sprintf("ccc-hooks is not on your PATH, and %s runs `%s` for everyone who uses it; "+
			"put ccc-hooks on PATH, or re-run with --absolute to write this binary's path", target.Path, hookcmd.Shared)
	}
	if !utf8.ValidString(hook.Command) {
		// Claude Code reads a settings file as UTF-8 text: these bytes would reach the shell as
		// U+FFFD, naming a program that does not exist.
		return hookcmd.Hook{}, "", fmt.Errorf("install: %s: this binary's path, %s, holds bytes that are not UTF-8 text, "+
			"which Claude Code cannot read back from a settings file, so the hook could never run; the file was left unchanged. "+
			"Install from a path that is UTF-8 (move the binary, or run it through a link whose path is)",
			target.Path, strconv.QuoteToASCII(binary))
	}
	if !hookcmd.IsOurs(hook.Command) {
		return hookcmd.Hook{}, "", fmt.Errorf("install: %s: this binary is named %q, but ccc-hooks knows its entries by the program "+
			"name ccc-hooks, so entries running %q could be neither replaced nor removed later; the file was left "+
			"unchanged. Rename the binary (or link it) to ccc-hooks and install with that name",
			target.Path, filepath.Base(binary), hook.Command)
	}
	return hook, warning, nil
}

// PlanInstall plans the install into target that d decided, of entries running binary: the
// settings file, the files that go with it (installFiles) and the record of the installation.
func PlanInstall(loc Locator, target Target, d InstallDecisions, binary string) (Plan, error) {
	hook, _, err := loc.HookFor(target, binary, d.Absolute)
	if err != nil {
		return Plan{}, err
	}
	in := NewInstall(InstallSpec{
		Profile: d.Profile, Events: d.Events, Timeout: d.Timeout, KeepTimeouts: d.KeepTimeouts, ReplaceLegacy: d.ReplaceLegacy,
		Command: hook.Command, Shell: hook.Shell,
	})
	p := Plan{verb: "install", home: paths.Home(loc.Getenv), target: target}
	if d.Seen != nil {
		p.seen = &d.Seen.read
	}
	p.settings = func(*settings.Ledger) fileChange {
		return fileChange{
			path: target.Path,
			// The ledger is read under the writer lock: it tells what a narrowing takes out.
			ledgered: in.ChangeWith,
			done:     func(ch settings.Change) string { return installDone(d.Profile, d.Events, target, ch) },
		}
	}
	p.follow = func(ch settings.Change) []fileChange {
		var out []fileChange
		if d.WarnLegacy {
			if kept := Legacy(ch.Old, d.Events); len(kept) > 0 {
				out = append(out, fileChange{warning: fmt.Sprintf("kept %d entr%s of the older `ccc supervisor-hook`; "+
					"both would run. Re-run with --yes to replace them.", len(kept), plural(len(kept), "y", "ies"))})
			}
		}
		out = append(out, ownCommandWarnings("install", ch.New, d.Events)...)
		return append(out, installFiles(loc, target, d, binary)...)
	}
	p.record = func(st *settings.FileStore, now time.Time) error {
		return NoteInstall(st, target.Path, InstallNote{
			Profile: d.Profile.Name, Events: labels(d.Events), At: now,
			Reinstall: reinstallArgs(loc, target, d.Profile, d.Events),
		})
	}
	p.note = func(ch settings.Change, before *settings.Ledger, dryRun bool) string {
		switch {
		case !installedBefore(d.Profile, ch.Old, before):
			verb := "Installed"
			if dryRun {
				verb = "Would install"
			}
			return fmt.Sprintf("%s the %s hooks (%s) into %s: the entries already there for %s serve it too.\n",
				verb, d.Profile.Name, eventLabels(d.Events), target, othersNames(d.Profile, ch.Old, before))
		case dryRun:
			return fmt.Sprintf("%s: already installed, nothing would change.\n", target)
		}
		return fmt.Sprintf("%s: already installed, nothing changed.\n", target)
	}
	return p, nil
}

// installFiles returns the files an install writes beside the settings file: /supervisor and
// /supervisor-off in the Claude config dir when asked for, the workflow's /mc commands where
// Claude Code reads commands for the target (the profile's way in), and the supervisor default.
func installFiles(loc Locator, target Target, d InstallDecisions, binary string) []fileChange {
	var out []fileChange
	if d.SlashCommands {
		out = append(out, slashCommandWrites(Supervisor, loc.ClaudeDir(), binary)...)
	}
	if d.Profile.Name == Workflow.Name {
		out = append(out, slashCommandWrites(d.Profile, loc.commandsDir(target), binary)...)
	}
	if d.SupervisorDefault != nil || d.Checks != nil {
		out = append(out, configChange(loc, d.SupervisorDefault, d.Checks))
	}
	return out
}

// reinstallArgs are the arguments of `ccc-hooks install` that put profile's events back into
// target (doctor offers them when the hooks vanish).
func reinstallArgs(loc Locator, target Target, profile Profile, events []Event) []string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = e.Name
	}
	args := []string{"install", "--profile", profile.Name, "--events", strings.Join(names, ",")}
	switch target.Scope {
	case ScopeFile:
		return append(args, "--file", target.Path)
	case ScopeProvider:
		return append(args, "--scope", target.Scope, "--provider", providerName(target.Path))
	case ScopeProject, ScopeLocal:
		return append(args, "--scope", target.Scope, "--project-dir", loc.ProjectDir)
	}
	return append(args, "--scope", target.Scope)
}

// ProviderName is NAME of a provider file settings-NAME.json.
func ProviderName(path string) string { return providerName(path) }

// providerName is NAME of a provider file settings-NAME.json.
func providerName(path string) string {
	return strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "settings-"), ".json")
}

// NextSteps says, after an install wrote files, whether the supervisor will review sessions,
// how to turn it on or off, and how to check the setup; prog is how to call this program.
func NextSteps(loc Locator, target Target, profile Profile, prog string) []string {
	var lines []string
	if profile.Name == Supervisor.Name {
		if loc.SupervisorOnByDefault() {
			lines = append(lines, fmt.Sprintf("The supervisor is on by default: it reviews every session (turn it off with `%s supervisor off --default`).", prog))
		} else {
			oneSession := ""
			if hasOurSlashCommand(loc.ClaudeDir(), "supervisor") {
				oneSession = ", or for one session with /supervisor"
			}
			lines = append(lines, "The supervisor is off by default: it reviews no session until you turn it on.",
				fmt.Sprintf("Turn it on for every session with `%s supervisor on --default`%s.", prog, oneSession))
		}
	}
	if profile.Name == Workflow.Name && hasOurSlashCommand(loc.commandsDir(target), "mc") {
		lines = append(lines, "Start a task in Claude Code with /mc <description>.")
	}
	return append(lines, fmt.Sprintf("Check the setup with `%s doctor`.", prog))
}

func labels(events []Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Label()
	}
	return out
}

func eventLabels(events []Event) string { return strings.Join(labels(events), ", ") }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// installedBefore reports whether profile p was installed in a file holding data (bytes a
// change checked), with ledger l (nil: none).
func installedBefore(p Profile, data []byte, l *settings.Ledger) bool {
	return slices.ContainsFunc(InstalledWith(handlersOf(data), l), func(q Profile) bool { return q.Name == p.Name })
}
