package doctor

import (
	"context"
	"fmt"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// checksCheck says what supervisor.checks does here: which checks a Stop review of this project
// runs first, whether this machine gives the copy-on-write wall they run behind (a trial run;
// where it cannot, each check is refused with its reason, never run bare: a warning), and
// whether the hook's timeout leaves room for the checks and the review after them (Claude Code
// ends a hook at its timeout, the review with it: a warning). A bad value of the key is the config
// check's to report.
type checksCheck struct{ env Env }

func (checksCheck) Name() string { return "supervisor-checks" }

func (c checksCheck) profile() (string, Env) { return installer.Supervisor.Name, c.env }

func (c checksCheck) Run(ctx context.Context, s *Snapshot) []Result {
	list := s.Config.ChecksFor(s.ProjectDir)
	if len(list) == 0 {
		msg := "none: reviews weigh the agent's words with what the reviewer reads; supervisor.checks " +
			`(e.g. ["go test ./..."]) runs the project's tests before each Stop review, as evidence`
		if len(s.Config.Checks) > 0 {
			msg = fmt.Sprintf("none for %s (the %d of supervisor.checks name other projects)", s.ProjectDir, len(s.Config.Checks))
		}
		return []Result{ok(msg, "")}
	}
	names := make([]string, len(list))
	total := 0
	for i, ch := range list {
		names[i] = fmt.Sprintf("%q (%ds)", ch.Command, ch.TimeoutSeconds)
		total += ch.TimeoutSeconds
	}
	what := fmt.Sprintf("%d check%s before each Stop review of %s: %s", len(list), plural(len(list), "", "s"), s.ProjectDir, strings.Join(names, ", "))
	var out []Result
	switch err := c.env.Wall(ctx); {
	case err != nil:
		out = append(out, warn(what+"; refused on this machine, never run bare: "+WallRefusal(err), s.ConfigPath))
	default:
		out = append(out, ok(what+"; each runs behind a copy-on-write wall (nothing it does lasts, no network)", ""))
	}
	return append(out, roomFor(s, total)...)
}

// WallRefusal says why this machine refuses checks, as doctor says it: the trial's error (a
// *wall.RefusedError), and what the wall needs of a machine.
func WallRefusal(err error) string {
	return err.Error() + "; the wall needs user namespaces and overlayfs (Linux 5.12 or later; a container must allow them) or macOS"
}

// roomFor warns of each Stop handler of ours whose timeout is shorter than the checks' limits
// (total seconds) and the review's together.
func roomFor(s *Snapshot, total int) []Result {
	need := total + s.Config.TimeoutSeconds
	var out []Result
	for _, f := range s.Usable() {
		if !isSupervised(f) {
			continue
		}
		for _, r := range f.Handlers {
			if r.Event != "Stop" || !r.HasTimeout || !installer.IsOurs(r) || r.Timeout >= float64(need) {
				continue
			}
			out = append(out, warn(fmt.Sprintf("Stop in %s has timeout %s, less than the checks' limits (%ds) and supervisor.timeout_seconds (%d) together: "+
				"Claude Code may end a review before it ends; run %s", label(f), num(r.Timeout), total, s.Config.TimeoutSeconds,
				s.withTimeout(f, need)), f.Path))
		}
	}
	return out
}
