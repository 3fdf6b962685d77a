package cmd

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// installChecks asks, on a terminal and for the supervisor, which checks (supervisor.checks) a
// Stop review runs first, after saying in plain words where they run, what they can touch and
// whether this machine can run them (checksNote): a yes or no, offering yes where checks are
// set, then each command in turn, offering the one set now, until an empty answer or "-" (a
// question with an answer offered cannot be answered empty). Pressing Enter throughout keeps
// the list as it is; "No" empties it. The checks asked about are those of the install's reach
// (checksProject: every project from the user's own files, this project from its files); the
// others are neither asked about nor changed, and a command kept keeps its time limit. nil:
// ccc.json stays as it is.
func installChecks(ctx context.Context, env *Env, loc installer.Locator, target installer.Target, p installer.Profile, ask bool) (*[]config.Check, error) {
	if !ask || p.Name != installer.Supervisor.Name {
		return nil, nil
	}
	project := checksProject(loc, target)
	var mine, others []config.Check
	for _, c := range loc.Checks() {
		if c.Project == project {
			mine = append(mine, c)
		} else {
			others = append(others, c)
		}
	}
	if err := env.say(checksNote(ctx, env, project)); err != nil {
		return nil, err
	}
	yes, err := env.Prompter.Confirm("Run checks before each review of a stop?", len(mine) > 0)
	if err != nil {
		return nil, err
	}
	var picked []config.Check
	for i := 0; yes && i < config.MaxChecks-len(others); i++ {
		def, hint := "", "empty to end the list"
		if i < len(mine) {
			def, hint = mine[i].Command, "Enter keeps it, - ends the list here"
		}
		answer, err := env.Prompter.Input(fmt.Sprintf("Check %d, a shell command (%s):", i+1, hint), def, nil)
		if err != nil {
			return nil, err
		}
		cmd := strings.TrimSpace(answer)
		if cmd == "" || cmd == "-" {
			break
		}
		c := config.Check{Command: cmd, TimeoutSeconds: config.DefaultCheckTimeoutSeconds, Project: project}
		if j := slices.IndexFunc(mine, func(m config.Check) bool { return m.Command == cmd }); j >= 0 {
			c = mine[j]
		}
		picked = append(picked, c)
	}
	if slices.Equal(picked, mine) {
		return nil, nil
	}
	list := slices.Concat(picked, others)
	if project != "" {
		list = slices.Concat(others, picked)
	}
	return &list, nil
}

// checksProject is the project whose sessions run the checks an install into target asks for:
// the directory Claude Code starts in for the project scope, the repository's top for the local
// scope (the directories whose sessions read those files); "" (every project) for the user's own
// files.
func checksProject(loc installer.Locator, target installer.Target) string {
	switch target.Scope {
	case installer.ScopeProject:
		return loc.ProjectDir
	case installer.ScopeLocal:
		return loc.RootDir()
	}
	return ""
}

// checksNote says, before the checks question, what a check is, where it runs (every project, or
// project and the folders below it), what it can touch, and what a machine that cannot make the
// wall does with it; where this machine cannot, it says why, in doctor's words.
func checksNote(ctx context.Context, env *Env, project string) string {
	where := "in every project you open in Claude Code"
	if project != "" {
		where = "in " + project + " and the folders below it, only"
	}
	note := fmt.Sprintf("Checks are shell commands, such as `make test`, that run before the reviewer looks at a stop, %s, "+
		"each in the session's directory; the reviewer reads how they ended. A check runs in a throwaway copy of the project "+
		"and your home: it can read your files, but nothing it writes is kept, and it has no network. A machine that cannot "+
		"make that copy does not run checks at all.", where)
	probe := env.ProbeWall
	if probe == nil {
		probe = wall.Probe
	}
	if err := probe(ctx, paths.HomeDir(env.Getenv)); err != nil {
		note += " This one cannot: " + doctor.WallRefusal(err) + "."
	}
	return note
}

// makeRoomForChecks raises the timeout an install writes where the checks it sets would not fit,
// with the review after them, in the hooks' timeout (Claude Code ends a hook at its timeout, the
// review with it: doctor's supervisor-checks row warns of it), and says so. Only where no timeout
// was chosen (no --timeout, the one offered taken), and where the entries installed now
// (timeout installed) do not already leave room; the checks counted are those of a session in
// the project, as doctor counts them.
func makeRoomForChecks(env *Env, loc installer.Locator, d *installer.InstallDecisions, installed int) error {
	if d.Checks == nil {
		return nil
	}
	sup, _, err := config.Load(paths.ConfigFile(env.Getenv))
	if err != nil {
		return nil //nolint:nilerr // ccc.json's own errors are said where it is written
	}
	sup.Checks = *d.Checks
	total := 0
	for _, c := range sup.ChecksFor(loc.ProjectDir) {
		total += c.TimeoutSeconds
	}
	need := total + sup.TimeoutSeconds
	if total == 0 || d.Timeout >= need || installed >= need {
		return nil
	}
	was := d.Timeout
	if installed > 0 {
		was = installed // the timeout the entries keep
	}
	d.Timeout, d.KeepTimeouts = need, false
	return env.sayf("The hooks' timeout will be %d s, not %d s: Claude Code ends a hook at its timeout, and a "+
		"Stop review now runs its checks (%d s at most) before the review (supervisor.timeout_seconds %d).",
		need, was, total, sup.TimeoutSeconds)
}
