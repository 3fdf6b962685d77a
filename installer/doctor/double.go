package doctor

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// doubleCheck reports events whose ccc-hooks hook runs from more than one entry with different
// commands across the files Claude Code merges: entries of ours, and entries of the user's that
// run it in any form Claude Code accepts (installer.RunsCCC: exec form, `~` or $HOME in its path,
// other commands around it). Claude Code runs identical command strings once, but different
// commands (another path, a quoted path, supervisor-hook instead of hook, exec form) each run, so
// the event fires twice. Provider files are only merged one at a time, so two provider files
// never conflict with each other. An enabled ccc-hooks plugin beside a settings install runs
// twice too (Claude Code runs a plugin's hook apart from an identical settings hook): that is
// said here, and the plugin check's row points here.
type doubleCheck struct{ env Env }

func (doubleCheck) Name() string { return "double-firing" }

// use is one handler that runs ccc-hooks for an event, in one file: cmd as it reads in messages
// (installer.Written), ours when ccc-hooks wrote it.
type use struct {
	file File
	cmd  string
	ours bool
}

// hookKey names an event and the matcher its handlers run for; "" runs for every matcher.
type hookKey struct{ event, matcher string }

func (k hookKey) label() string { return installer.Event{Hook: k.event, Matcher: k.matcher}.Label() }

func (c doubleCheck) Run(_ context.Context, s *Snapshot) []Result {
	plugins, _ := pluginsOf(c.env, s) // the plugin check reports a failure to read them
	return judgeDouble(s, plugins)
}

// judgeDouble is the check's verdict on s and the ccc-hooks plugins installed.
func judgeDouble(s *Snapshot, plugins []installer.Plugin) []Result {
	uses := map[hookKey][]use{}
	var keys []hookKey
	rank := map[string]int{}
	for i, f := range s.Usable() {
		rank[f.Path] = i
		for _, r := range f.Handlers {
			if !installer.RunsCCC(r) {
				continue
			}
			k := hookKey{r.Event, r.Matcher}
			if k.matcher == "*" {
				k.matcher = ""
			}
			if _, seen := uses[k]; !seen {
				keys = append(keys, k)
			}
			uses[k] = append(uses[k], use{f, installer.Written(r), installer.IsOurs(r)})
		}
	}
	var out []Result
	for _, k := range keys {
		all := uses[k]
		if k.matcher != "" {
			// Handlers without a matcher run for this matcher as well.
			all = append(slices.Clone(all), uses[hookKey{k.event, ""}]...)
			slices.SortStableFunc(all, func(a, b use) int { return cmp.Compare(rank[a.file.Path], rank[b.file.Path]) })
		}
		if r, found := judge(s, k, all); found {
			out = append(out, r)
		}
	}
	if managedOnly(s) == "" { // else plugin hooks do not run (the plugin check says so)
		for _, p := range plugins {
			if p.Enabled && p.HooksErr == nil {
				if r, found := pluginDouble(s, p); found {
					out = append(out, r)
				}
			}
		}
	}
	if len(out) == 0 {
		return []Result{ok("no event runs a ccc-hooks hook from more than one entry", "")}
	}
	return out
}

// judge reports on the uses of one event, or found=false when it is installed once.
func judge(s *Snapshot, k hookKey, all []use) (r Result, found bool) {
	var std []use
	var providers []File
	for _, u := range all {
		if u.file.Scope != installer.ScopeProvider {
			std = append(std, u)
		} else if !slices.ContainsFunc(providers, func(p File) bool { return p.Path == u.file.Path }) {
			providers = append(providers, u.file)
		}
	}
	combos := [][]use{std}
	for _, p := range providers {
		set := slices.Clone(std)
		for _, u := range all {
			if u.file.Path == p.Path {
				set = append(set, u)
			}
		}
		combos = append(combos, set)
	}
	var clash, same []use
	for _, c := range combos {
		switch {
		case len(distinctCmds(c)) > 1:
			clash = appendNew(clash, c)
		case len(c) > 1:
			same = appendNew(same, c)
		}
	}
	if len(clash) > 0 {
		return warn(clashMessage(s, k, clash), onePath(clash)), true
	}
	if len(same) > 0 {
		return ok(fmt.Sprintf("%s has the same ccc-hooks command in %s; Claude Code runs it once",
			k.label(), labels(files(same))), onePath(same)), true
	}
	return Result{}, false
}

func clashMessage(s *Snapshot, k hookKey, clash []use) string {
	var parts []string
	for _, u := range clash {
		parts = append(parts, label(u.file)+" runs `"+u.cmd+"`")
	}
	msg := fmt.Sprintf("%s starts ccc-hooks more than once per event: %s (Claude Code only merges identical commands); "+
		"ccc-hooks answers the copies once, but every event costs an extra process",
		k.label(), strings.Join(parts, ", "))
	if slices.ContainsFunc(clash, func(u use) bool { return !u.ours }) {
		var ours []string
		for _, f := range files(slices.DeleteFunc(slices.Clone(clash), func(u use) bool { return !u.ours })) {
			ours = append(ours, s.uninstall(f))
		}
		if len(ours) == 0 {
			return msg + ": keep one of these entries of your own and remove the others"
		}
		return msg + ": remove your own entry (install and uninstall leave it as it is), or take ours out with " + strings.Join(ours, " or ")
	}
	fs := files(clash)
	if len(fs) == 1 {
		return msg + ": run " + s.install(fs[0]) + " to replace them with one entry"
	}
	var cmds []string
	for _, f := range fs {
		cmds = append(cmds, s.uninstall(f))
	}
	return msg + ": keep one scope and remove the others with " + strings.Join(cmds, " or ")
}

func distinctCmds(us []use) []string {
	var out []string
	for _, u := range us {
		if !slices.Contains(out, u.cmd) {
			out = append(out, u.cmd)
		}
	}
	return out
}

func appendNew(dst, src []use) []use {
	for _, u := range src {
		if !slices.ContainsFunc(dst, func(d use) bool { return d.file.Path == u.file.Path && d.cmd == u.cmd }) {
			dst = append(dst, u)
		}
	}
	return dst
}

// files returns the distinct files of us in order.
func files(us []use) []File {
	var out []File
	for _, u := range us {
		if !slices.ContainsFunc(out, func(f File) bool { return f.Path == u.file.Path }) {
			out = append(out, u.file)
		}
	}
	return out
}

// onePath returns the file of us when there is only one.
func onePath(us []use) string {
	if fs := files(us); len(fs) == 1 {
		return fs[0].Path
	}
	return ""
}
