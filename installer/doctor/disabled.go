package doctor

import (
	"context"
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// disableAllCheck reports settings that set disableAllHooks to true. In managed settings that
// switches off every hook; in any other file it switches off every hook except managed ones.
type disableAllCheck struct{}

func (disableAllCheck) Name() string { return "disable-all-hooks" }

func (disableAllCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	for _, f := range s.Usable() {
		if !f.True("disableAllHooks") {
			continue
		}
		managed := f.Scope == installer.ScopeManaged
		var affected []File
		for _, g := range s.Usable() {
			if len(g.Ours()) > 0 && (managed || g.Scope != installer.ScopeManaged) {
				affected = append(affected, g)
			}
		}
		which := "no hooks at all"
		if !managed {
			which = "no hooks except managed ones"
		}
		fix := fmt.Sprintf("remove \"disableAllHooks\" from %s or set it to false", f.Path)
		switch {
		case len(affected) > 0:
			out = append(out, fail(fmt.Sprintf("disableAllHooks is true in %s, so Claude Code runs %s: the ccc-hooks hooks in %s are off; %s",
				label(f), which, labels(affected), fix), f.Path))
		case s.HasOurs():
			out = append(out, ok(fmt.Sprintf("disableAllHooks is true in %s, but it cannot switch off managed hooks, where ccc-hooks is installed",
				label(f)), f.Path))
		default:
			out = append(out, warn(fmt.Sprintf("disableAllHooks is true in %s, so Claude Code runs %s, and hooks you install will not fire; %s",
				label(f), which, fix), f.Path))
		}
	}
	if len(out) == 0 {
		return []Result{ok("no settings file sets disableAllHooks", "")}
	}
	return out
}

// managedOnlyCheck reports allowManagedHooksOnly in managed settings: then only managed hooks
// run, and ccc-hooks hooks in any other file are off. Elsewhere the key has no effect.
type managedOnlyCheck struct{}

func (managedOnlyCheck) Name() string { return "managed-hooks-only" }

func (managedOnlyCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	for _, f := range s.Usable() {
		if !f.True("allowManagedHooksOnly") {
			continue
		}
		if f.Scope != installer.ScopeManaged {
			out = append(out, ok(fmt.Sprintf("allowManagedHooksOnly in %s has no effect (only managed settings can set it)", label(f)), f.Path))
			continue
		}
		var affected []File
		for _, g := range s.Usable() {
			if len(g.Ours()) > 0 && g.Scope != installer.ScopeManaged {
				affected = append(affected, g)
			}
		}
		if len(affected) == 0 {
			out = append(out, ok("allowManagedHooksOnly is true in managed settings; no ccc-hooks hooks outside them", f.Path))
			continue
		}
		out = append(out, fail(fmt.Sprintf("allowManagedHooksOnly is true in managed settings, so only managed hooks run: the ccc-hooks hooks in %s are off; install them as an administrator with `%s install --scope managed`, or have \"allowManagedHooksOnly\" removed from %s",
			labels(affected), s.program(), f.Path), f.Path))
	}
	if len(out) == 0 {
		return []Result{ok("managed settings do not set allowManagedHooksOnly", "")}
	}
	return out
}
