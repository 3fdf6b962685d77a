package doctor

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// blockCapCheck reports Claude Code's cap on consecutive Stop-hook blocks next to the profiles'
// own caps. Claude Code counts only blocks with no tool call between them, and the runtime counts
// them the same way (package hookrt/blockrun): an agent that works after each block is reviewed
// (or gated) up to its profile's max_iterations; one that only answers in words reaches the cap,
// and then the supervisor stops reviewing and the workflow stops blocking. So a cap below
// max_iterations is
// information, not a fault; only a value Claude Code cannot read is a warning. The cap is read from the "env" key of the
// settings files (highest precedence first), else from the environment.
type blockCapCheck struct{ env Env }

func (blockCapCheck) Name() string { return "block-cap" }

func (c blockCapCheck) Run(_ context.Context, s *Snapshot) []Result {
	raw, from, path := "", "the environment", ""
	for _, f := range s.Usable() {
		if f.Scope == installer.ScopeProvider {
			continue
		}
		if v := f.Get("env." + blockcap.Var); v.Exists() && v.Type != gjson.Null {
			raw, from, path = v.String(), `"env" of `+label(f), f.Path
			break
		}
	}
	if raw == "" {
		raw = c.env.Getenv(blockcap.Var)
	}
	limit, source := blockcap.Default, "Claude Code's default"
	if raw != "" {
		n, valid := blockcap.Parse(raw)
		if !valid {
			return []Result{warn(fmt.Sprintf("%s=%q (from %s) is not a whole number ≥ 0 (0: no cap): set it to %d",
				blockcap.Var, raw, from, s.Config.MaxIterations), path)}
		}
		limit, source = n, fmt.Sprintf("%s=%d from %s", blockcap.Var, n, from)
	}
	maxIter := s.Config.MaxIterations
	capText := fmt.Sprintf("Claude Code blocks a stop up to %s in a row with no tool call between the blocks (%s)", times(limit), source)
	if limit == 0 {
		capText = fmt.Sprintf("Claude Code does not cap Stop-hook blocks in a row (%s)", source)
	}
	var out []Result
	if s.Supervised(c.env) {
		msg := capText + fmt.Sprintf(", not fewer than max_iterations %d", maxIter)
		if limit > 0 && limit < maxIter {
			msg = capText + fmt.Sprintf(", fewer than the supervisor's max_iterations %d: an agent that calls a tool after each block is reviewed up to max_iterations; after %d blocks answered in words only the supervisor lets the stop end without a review (it would be overridden), and says so; to allow longer runs of those export %s=%d (or set it under \"env\" in settings.json)",
				maxIter, limit, blockcap.Var, maxIter)
		}
		out = append(out, ok(msg, path))
	}
	if s.hasWorkflow(c.env) {
		wfMax := s.Workflow.MaxIterations
		msg := fmt.Sprintf("workflow: %s; the workflow blocks a stop at most %s in a run (workflow.max_iterations)", capText, times(wfMax))
		if limit > 0 && limit < wfMax {
			msg += fmt.Sprintf(", and at most %s in a row with no tool call between the blocks (that cap)", times(limit))
		}
		out = append(out, ok(msg, path))
	}
	if len(out) == 0 {
		out = append(out, ok("no supervisor or workflow hooks installed; "+capText, path))
	}
	return out
}

// hasWorkflow reports whether a usable file runs the workflow profile, or the workflow plugin
// does.
func (s *Snapshot) hasWorkflow(env Env) bool {
	for _, f := range s.Usable() {
		for _, p := range f.Profiles() {
			if p.Name == installer.Workflow.Name {
				return true
			}
		}
	}
	return slices.ContainsFunc(s.runningPlugins(env), func(p installer.Plugin) bool { return p.Name == installer.Workflow.Name })
}

// times is "1 time", "8 times".
func times(n int) string {
	if n == 1 {
		return "1 time"
	}
	return strconv.Itoa(n) + " times"
}
