package doctor

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// MillisecondTimeout is the smallest hook timeout that looks like milliseconds: Claude Code reads
// "timeout" in seconds, so 10000 would be almost three hours.
const MillisecondTimeout = 10000

// defaultHookTimeout is the timeout, in seconds, `ccc-hooks install` writes by default.
const defaultHookTimeout = 600

// timeoutCheck reports hook timeouts that look like milliseconds (in any handler, ours or not),
// and ccc-hooks supervisor hooks whose timeout is shorter than supervisor.timeout_seconds, which
// lets Claude Code kill a review before the supervisor's own limit. Where the entries of ours in
// a file have timeouts other than the one install writes by default (set by hand, or with
// --timeout), it shows them: an install without --timeout keeps them.
type timeoutCheck struct{}

func (timeoutCheck) Name() string { return "timeout" }

func (timeoutCheck) Run(_ context.Context, s *Snapshot) []Result {
	want := max(defaultHookTimeout, s.Config.TimeoutSeconds)
	var out, shown []Result
	for _, f := range s.Usable() {
		warned := len(out)
		supervised := isSupervised(f)
		for _, r := range f.Handlers {
			if !r.HasTimeout {
				continue
			}
			ours := installer.IsOurs(r)
			what := fmt.Sprintf("%s in %s has timeout %s", installer.Event{Hook: r.Event, Matcher: r.Matcher}.Label(), label(f), num(r.Timeout))
			switch {
			case r.Timeout >= MillisecondTimeout && ours:
				out = append(out, warn(fmt.Sprintf("%s, which Claude Code reads as seconds; it looks like milliseconds: run %s",
					what, s.withTimeout(f, want)), f.Path))
			case r.Timeout >= MillisecondTimeout:
				out = append(out, warn(fmt.Sprintf("%s, which Claude Code reads as seconds; it looks like milliseconds: set %s.timeout to %s in %s",
					what, handlerPath(r), num(r.Timeout/1000), f.Path), f.Path))
			case ours && supervised && (r.Event == "Stop" || r.Event == "PreToolUse") && r.Timeout < float64(s.Config.TimeoutSeconds):
				out = append(out, warn(fmt.Sprintf("%s, shorter than supervisor.timeout_seconds %d, so Claude Code may stop a review before it ends: run %s",
					what, s.Config.TimeoutSeconds, s.withTimeout(f, want)), f.Path))
			}
		}
		if r, found := keptTimeouts(s, f); found && len(out) == warned {
			shown = append(shown, r)
		}
	}
	if len(out) == 0 && len(shown) == 0 {
		return []Result{ok("no hook timeout looks like milliseconds or cuts a review short", "")}
	}
	return append(out, shown...)
}

// keptTimeouts shows the timeouts of our entries in f when one of them is not the timeout
// install writes by default; found is false otherwise.
func keptTimeouts(s *Snapshot, f File) (r Result, found bool) {
	var parts []string
	for _, h := range f.Ours() {
		t := "no timeout (Claude Code's default)"
		if h.HasTimeout {
			t = num(h.Timeout) + " seconds"
		}
		found = found || !h.HasTimeout || h.Timeout != defaultHookTimeout
		parts = append(parts, installer.Event{Hook: h.Event, Matcher: h.Matcher}.Label()+" "+t)
	}
	if !found {
		return Result{}, false
	}
	return ok(fmt.Sprintf("the timeouts of the ccc-hooks entries in %s: %s; an install keeps them, %s changes them",
		label(f), strings.Join(parts, ", "), s.commands("install", f, " --timeout N")), f.Path), true
}

// isSupervised reports whether the supervisor reviews the events of f: its profile is installed
// there, or our entries there belong to no complete profile.
func isSupervised(f File) bool {
	profiles := f.Profiles()
	if len(profiles) == 0 {
		return true
	}
	for _, p := range profiles {
		if p.Name == installer.Supervisor.Name {
			return true
		}
	}
	return false
}

// withTimeout returns the install commands for f with --timeout seconds.
func (s *Snapshot) withTimeout(f File, seconds int) string {
	return s.commands("install", f, " --timeout "+strconv.Itoa(seconds))
}

// handlerPath locates a handler in its file: hooks.Stop[0].hooks[1].
func handlerPath(r settings.Handler) string {
	return fmt.Sprintf("hooks.%s[%d].hooks[%d]", r.Event, r.Group, r.Index)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
