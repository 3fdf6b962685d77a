package doctor

import (
	"context"
	"fmt"
	"strings"
)

// claudeCheck reports whether the claude program the supervisor runs for a review is found and
// answers `claude --version`. The program is $CCC_CLAUDE, else supervisor.claude_command, else
// claude on PATH. Missing is an error when supervisor hooks are installed, else a warning.
type claudeCheck struct{ env Env }

func (claudeCheck) Name() string { return "claude" }

func (c claudeCheck) Run(ctx context.Context, s *Snapshot) []Result {
	prog, from := "claude", "on PATH"
	var fix string
	switch {
	case c.env.Getenv("CCC_CLAUDE") != "":
		prog, from = c.env.Getenv("CCC_CLAUDE"), "from $CCC_CLAUDE"
		fix = "point CCC_CLAUDE at the claude program, or unset it"
	case s.Config.ClaudeCommand != "":
		prog, from = s.Config.ClaudeCommand, "from supervisor.claude_command"
		fix = fmt.Sprintf("set supervisor.claude_command in %s to the full path of claude", s.ConfigPath)
	default:
		fix = fmt.Sprintf("install Claude Code, or set supervisor.claude_command in %s (or $CCC_CLAUDE) to the full path of claude", s.ConfigPath)
	}
	path, err := c.env.LookPath(prog)
	if err != nil {
		r := warn("", "")
		what := "the supervisor would have no claude to review with"
		if s.Supervised() {
			r.Status, what = StatusError, "so every supervisor review fails"
		}
		missing := prog + " not found on PATH"
		if from != "on PATH" {
			missing = fmt.Sprintf("%s (%s) not found", prog, from)
		}
		r.Message = fmt.Sprintf("%s, %s: %s", missing, what, fix)
		return []Result{r}
	}
	raw, err := c.env.output(ctx, path, "--version")
	if err != nil {
		return []Result{warn(fmt.Sprintf("found %s (%s), but `%s --version` failed (%v): check that it is Claude Code, or %s",
			path, from, quote(path), err, fix), "")}
	}
	version, _, _ := strings.Cut(strings.TrimSpace(string(raw)), "\n")
	if version == "" {
		version = "unknown version"
	}
	return []Result{ok(fmt.Sprintf("found %s (%s), %s", path, from, version), "")}
}
