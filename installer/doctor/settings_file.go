package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// settingsCheck reports, for every settings file, whether it exists, is valid JSON with a hook
// structure Claude Code accepts, and which ccc-hooks entries it holds. Its results are named
// after the scope: user-settings, project-settings, local-settings, managed-settings,
// provider-settings.
type settingsCheck struct{}

func (settingsCheck) Name() string { return "settings" }

func (settingsCheck) Run(_ context.Context, s *Snapshot) []Result {
	out := make([]Result, 0, len(s.Files))
	for _, f := range s.Files {
		r := fileResult(f, s)
		r.Check = f.Scope + "-settings"
		out = append(out, r)
	}
	return out
}

func fileResult(f File, s *Snapshot) Result {
	var syn *settings.SyntaxError
	var st *settings.StructureError
	switch {
	case !f.Exists:
		return ok(f.Path+": not present", f.Path)
	case errors.As(f.Err, &syn):
		return fail(fmt.Sprintf("%s:%v; Claude Code skips this whole file, so none of its settings or hooks apply: fix the JSON at line %d, column %d",
			f.Path, syn, syn.Line, syn.Column), f.Path)
	case errors.As(f.Err, &st):
		return fail(fmt.Sprintf("%s: %v; Claude Code may skip this whole file and ccc-hooks will not edit it: fix %s",
			f.Path, st, st.Path), f.Path)
	case errors.Is(f.Err, safefile.ErrNotRegular):
		return fail(fmt.Sprintf("%s: %v; neither Claude Code nor ccc-hooks reads it as settings: put a regular file there",
			f.Path, f.Err), f.Path)
	case f.Err != nil:
		return fail(fmt.Sprintf("%s: %v; Claude Code cannot use it either: make it readable (`chmod u+r %s`)",
			f.Path, f.Err, s.quote(f.Path)), f.Path)
	case len(f.Handlers) == 0 && len(bytes.TrimSpace(f.data)) == 0:
		return ok(f.Path+": empty", f.Path)
	}
	if events := eventLabels(f.Ours()); len(events) > 0 {
		return ok(fmt.Sprintf("%s: valid; ccc-hooks hooks on %s", f.Path, strings.Join(events, ", ")), f.Path)
	}
	return ok(f.Path+": valid; no ccc-hooks hooks", f.Path)
}

// eventLabels returns the distinct events of handlers as they read in messages: Stop,
// PreToolUse[AskUserQuestion].
func eventLabels(handlers []settings.Handler) []string {
	var out []string
	for _, r := range handlers {
		l := installer.Event{Hook: r.Event, Matcher: r.Matcher}.Label()
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// installedCheck reports which profiles are installed in which file, and which the ccc-hooks
// plugins run, and warns when nothing Claude Code reads runs a ccc-hooks hook at all. Hooks an
// earlier version wrote are installed too (they run as they are): the line says that an install
// brings them to the current form.
type installedCheck struct{ env Env }

func (installedCheck) Name() string { return "installed" }

func (c installedCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	for _, f := range s.Usable() {
		ours := f.Ours()
		if len(ours) == 0 {
			continue
		}
		var names []string
		for _, p := range f.Profiles() {
			names = append(names, p.Name)
		}
		if len(names) == 0 {
			out = append(out, ok(fmt.Sprintf("ccc-hooks hooks on %s in %s (no complete profile)%s",
				strings.Join(eventLabels(ours), ", "), label(f), s.earlierForm(f)), f.Path))
			continue
		}
		noun := "profile"
		if len(names) > 1 {
			noun = "profiles"
		}
		out = append(out, ok(fmt.Sprintf("%s %s installed in %s%s", joinAnd(names), noun, label(f), s.earlierForm(f)), f.Path))
	}
	for _, p := range s.runningPlugins(c.env) {
		out = append(out, ok(fmt.Sprintf("the %s profile runs from plugin %s (%s scope), on %s", p.Name, p.ID, p.Scope,
			strings.Join(p.Events(), ", ")), p.InstallPath))
	}
	if len(out) == 0 {
		msg := "no settings file has ccc-hooks hooks and no ccc-hooks plugin runs here, so none fire: run `" + s.program() + " install`"
		if slices.ContainsFunc(s.Files, func(f File) bool { return f.Exists && !f.Usable() }) {
			msg += " (after fixing the settings files reported as errors)"
		}
		return []Result{warn(msg, "")}
	}
	return out
}

// earlierForm says which of our hooks in f an earlier version wrote, and the install that brings
// them to the current form; "" when all are of it.
func (s *Snapshot) earlierForm(f File) string {
	supervisor := slices.ContainsFunc(f.Profiles(), func(p installer.Profile) bool { return p.Name == installer.Supervisor.Name })
	var earlier []settings.Handler
	for _, h := range f.Ours() {
		if !installer.CurrentForm(h, supervisor) {
			earlier = append(earlier, h)
		}
	}
	if len(earlier) == 0 {
		return ""
	}
	return fmt.Sprintf("; the hooks on %s are of an earlier form and run as they are: %s brings them up to date",
		strings.Join(eventLabels(earlier), ", "), s.install(f))
}
