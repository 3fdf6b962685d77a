package doctor

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// pluginCheck reports the ccc-hooks Claude Code plugins (marketplace ccc-hooks) installed for
// this user and project: whether their hooks can run (they run `ccc-hooks hook` from the PATH
// Claude Code was started with; allowManagedHooksOnly switches plugin hooks off), and which
// settings files run ccc-hooks on the same events. Claude Code runs both; the double-firing check
// says what that costs, and this row points there, so that the two agree.
type pluginCheck struct{ env Env }

func (pluginCheck) Name() string { return "plugin" }

// pluginsOf returns the ccc-hooks plugins installed for the user and project of s, read once per
// snapshot (the plugin and double-firing checks both ask).
func pluginsOf(env Env, s *Snapshot) ([]installer.Plugin, error) {
	if s.plugins != nil {
		return s.plugins.list, s.plugins.err
	}
	s.plugins = &pluginsRead{}
	if env.Getenv == nil {
		return nil, nil
	}
	loc := s.loc
	if loc.Getenv == nil {
		loc.Getenv = env.Getenv
	}
	for _, f := range s.Files {
		if f.Scope == installer.ScopeManaged {
			loc.ManagedPath = f.Path
		}
	}
	s.plugins.list, s.plugins.err = installer.Plugins(loc)
	return s.plugins.list, s.plugins.err
}

// pluginsRead is what pluginsOf read.
type pluginsRead struct {
	list []installer.Plugin
	err  error
}

func (c pluginCheck) Run(_ context.Context, s *Snapshot) []Result {
	plugins, err := pluginsOf(c.env, s)
	if err != nil {
		return []Result{warn("cannot tell which Claude Code plugins are installed: "+err.Error(),
			s.loc.InstalledPluginsFile())}
	}
	var lookErr error
	var fix string
	if c.env.LookPath != nil {
		if _, lookErr = c.env.LookPath("ccc-hooks"); lookErr != nil {
			fix = c.env.pathFix()
		}
	}
	return judgePlugins(s, plugins, lookErr, fix)
}

// judgePlugins is the check's verdict on plugins; lookErr is why `ccc-hooks` is not on PATH and
// fix what puts it there.
func judgePlugins(s *Snapshot, plugins []installer.Plugin, lookErr error, fix string) []Result {
	if len(plugins) == 0 {
		return []Result{ok("no ccc-hooks plugin is installed (hooks come from settings files only)", "")}
	}
	var out []Result
	for _, p := range plugins {
		where := fmt.Sprintf("plugin %s (%s scope)", p.ID, p.Scope)
		switch {
		case p.HooksErr != nil:
			out = append(out, warn(fmt.Sprintf("%s: cannot read its hooks: %v; reinstall it with `claude plugin install %s`",
				where, p.HooksErr, p.ID), p.InstallPath))
		case !p.Enabled:
			out = append(out, ok(where+" is installed but not enabled here: its hooks do not run", p.EnabledBy))
		case managedOnly(s) != "":
			out = append(out, fail(fmt.Sprintf("%s is enabled, but allowManagedHooksOnly in %s switches plugin hooks off; install the hooks in managed settings instead: `%s install --scope managed`",
				where, managedOnly(s), s.program()), managedOnly(s)))
		case lookErr != nil:
			out = append(out, fail(fmt.Sprintf("%s runs `ccc-hooks hook`, but ccc-hooks is not on PATH (%v): its hooks cannot run it and review nothing; %s",
				where, lookErr, fix), p.InstallPath))
		default:
			out = append(out, sideBySide(s, p, where))
		}
	}
	return out
}

// sideBySide reports an enabled plugin, with the settings files that run ccc-hooks on the same
// events (the double-firing check says more of those).
func sideBySide(s *Snapshot, p installer.Plugin, where string) Result {
	both, in := beside(s, p)
	events := strings.Join(p.Events(), ", ")
	if len(both) == 0 {
		return ok(fmt.Sprintf("%s runs ccc-hooks on %s", where, events), p.InstallPath)
	}
	return ok(fmt.Sprintf("%s runs ccc-hooks on %s; %s run%s it on %s too (see double-firing)",
		where, events, labels(in), plural(len(in), "s", ""), strings.Join(both, ", ")), p.InstallPath)
}

// beside returns the events (labels) that the enabled plugin p and a settings file both run
// ccc-hooks on, and those files.
func beside(s *Snapshot, p installer.Plugin) (both []string, in []File) {
	for _, f := range s.Usable() {
		for _, r := range f.Ours() {
			for _, h := range p.Hooks {
				if r.Event != h.Event || !matchersOverlap(r.Matcher, h.Matcher) {
					continue
				}
				if l := (installer.Event{Hook: h.Event, Matcher: h.Matcher}).Label(); !slices.Contains(both, l) {
					both = append(both, l)
				}
				if !slices.ContainsFunc(in, func(g File) bool { return g.Path == f.Path }) {
					in = append(in, f)
				}
			}
		}
	}
	return both, in
}

// pluginDouble reports, for the double-firing check, the events that the enabled plugin p and
// settings files both run ccc-hooks on; found is false when there are none. Claude Code runs
// both, and the runtime answers such copies of one event once, so that is ok, with what it costs.
func pluginDouble(s *Snapshot, p installer.Plugin) (r Result, found bool) {
	both, in := beside(s, p)
	if len(both) == 0 {
		return Result{}, false
	}
	return ok(fmt.Sprintf("plugin %s (%s scope) and %s both run ccc-hooks on %s: Claude Code runs both, and ccc-hooks answers such copies of one event once (one review, one count; the copy prints nothing). It costs one extra short ccc-hooks process per event, which waits while a review runs; remove one of the two to save it (`claude plugin uninstall %s`, or %s)",
		p.ID, p.Scope, labels(in), strings.Join(both, ", "), p.ID, s.uninstall(in[0])), p.InstallPath), true
}

// matchersOverlap reports whether two matchers of one event can match the same tool: an empty
// or "*" matcher matches every tool.
func matchersOverlap(a, b string) bool {
	return a == "" || a == "*" || b == "" || b == "*" || a == b
}

// managedOnly returns the managed settings file that sets allowManagedHooksOnly, or "".
func managedOnly(s *Snapshot) string {
	for _, f := range s.Usable() {
		if f.Scope == installer.ScopeManaged && f.True("allowManagedHooksOnly") {
			return f.Path
		}
	}
	return ""
}
