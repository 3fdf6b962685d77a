package doctor

import (
	"context"
	"fmt"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
)

// claudeCheck reports whether the claude program the supervisor runs for a review is found and
// answers `claude --version`, and how that version stands against the Claude Code versions
// ccc-hooks is tested on (package claudeversion; see versionNote). The program is the one the
// hook runs (config.Supervisor.Claude): $CCC_CLAUDE, else supervisor.claude_command, else claude
// on PATH. Missing is an error when supervisor hooks are installed, else a warning.
type claudeCheck struct{ env Env }

func (claudeCheck) Name() string { return "claude" }

func (c claudeCheck) profile() (string, Env) { return installer.Supervisor.Name, c.env }

func (c claudeCheck) Run(ctx context.Context, s *Snapshot) []Result {
	prog, source := s.Config.Claude(c.env.Getenv)
	var from, fix string
	switch source {
	case config.ClaudeFromEnv:
		from, fix = "from $"+config.ClaudeEnv, "point "+config.ClaudeEnv+" at the claude program, or unset it"
	case config.ClaudeFromConfig:
		from = "from supervisor.claude_command"
		fix = fmt.Sprintf("set supervisor.claude_command in %s to the full path of claude", s.ConfigPath)
	default:
		from = "on PATH"
		fix = fmt.Sprintf("install Claude Code, or set supervisor.claude_command in %s (or $%s) to the full path of claude", s.ConfigPath, config.ClaudeEnv)
	}
	path, err := c.env.LookPath(prog)
	if err != nil {
		r := warn("", "")
		what := "the supervisor would have no claude to review with"
		if s.Supervised(c.env) {
			r.Status, what = StatusError, "so every supervisor review fails"
		}
		missing := prog + " not found on PATH"
		if source != config.ClaudeOnPath {
			missing = fmt.Sprintf("%s (%s) not found", prog, from)
		}
		r.Message = fmt.Sprintf("%s, %s: %s", missing, what, fix)
		return []Result{r}
	}
	raw, err := c.env.output(ctx, path, "--version")
	if err != nil {
		return []Result{warn(fmt.Sprintf("found %s (%s), but `%s --version` failed (%v): check that it is Claude Code, or %s",
			path, from, s.quote(path), err, fix), "")}
	}
	version, _, _ := strings.Cut(strings.TrimSpace(string(raw)), "\n")
	found := fmt.Sprintf("found %s (%s), %s", path, from, version)
	if version == "" {
		found += "unknown version"
	}
	status, note := versionNote(version)
	return []Result{{Status: status, Message: found + ": " + note}}
}

// versionNote says how the version `claude --version` printed stands against the versions
// ccc-hooks is tested on (claudeversion.Tested): one of them, between two of them or newer than
// all is ok, saying which; older than the oldest, or no version number at all, is a warning.
func versionNote(printed string) (Status, string) {
	oldest, newest := claudeversion.Oldest(), claudeversion.Newest()
	v, parsed := claudeversion.Parse(printed)
	switch {
	case !parsed:
		return StatusWarn, fmt.Sprintf("not a Claude Code version number, so it cannot be compared with the versions ccc-hooks is tested on (%s to %s): check that the program is Claude Code", oldest, newest)
	case v.Compare(oldest) < 0:
		return StatusWarn, fmt.Sprintf("older than %s, the oldest Claude Code ccc-hooks is tested on. Untested there: "+
			"whether it obeys the hooks' blocks and denials, caps blocks in a row as ccc-hooks counts them "+
			"(the supervisor and the workflow stop at that cap), lists running background tasks in Stop events "+
			"(the workflow waits while one runs) and runs the reviewer's `claude -p --resume --fork-session`; "+
			"all were checked on %s only. Update Claude Code: claude update", oldest, claudeversion.TestedList())
	case claudeversion.IsTested(v):
		return StatusOK, fmt.Sprintf("a version ccc-hooks is tested on (%s)", claudeversion.TestedList())
	case v.Compare(newest) < 0:
		return StatusOK, fmt.Sprintf("between versions ccc-hooks is tested on (%s)", claudeversion.TestedList())
	default:
		return StatusOK, fmt.Sprintf("newer than the versions ccc-hooks is tested on (%s), not tested yet", claudeversion.TestedList())
	}
}
