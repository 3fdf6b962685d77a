package doctor

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// BlockCapVar is Claude Code's own limit on Stop-hook blocks in a row; DefaultBlockCap applies
// when it is unset.
const (
	BlockCapVar     = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"
	DefaultBlockCap = 8
)

// blockCapCheck warns when Claude Code's cap on consecutive Stop-hook blocks is below the
// supervisor's max_iterations: Claude Code then ends the loop before the supervisor would. The
// cap is read from the "env" key of the settings files (highest precedence first), else from
// the environment.
type blockCapCheck struct{ env Env }

func (blockCapCheck) Name() string { return "block-cap" }

func (c blockCapCheck) Run(_ context.Context, s *Snapshot) []Result {
	raw, from, path := "", "the environment", ""
	for _, f := range s.Usable() {
		if f.Scope == installer.ScopeProvider {
			continue
		}
		if v := f.Get("env." + BlockCapVar); v.Exists() && v.Type != gjson.Null {
			raw, from, path = v.String(), `"env" of `+label(f), f.Path
			break
		}
	}
	if raw == "" {
		raw = c.env.Getenv(BlockCapVar)
	}
	limit, source := DefaultBlockCap, "Claude Code's default"
	if raw != "" {
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < 1 {
			return []Result{warn(fmt.Sprintf("%s=%q (from %s) is not a positive whole number: set it to %d",
				BlockCapVar, raw, from, s.Config.MaxIterations), path)}
		}
		limit, source = n, fmt.Sprintf("%s=%d from %s", BlockCapVar, n, from)
	}
	maxIter := s.Config.MaxIterations
	if !s.Supervised() {
		return []Result{ok(fmt.Sprintf("no supervisor hooks installed; Claude Code blocks a stop at most %d times in a row (%s)",
			limit, source), path)}
	}
	if limit < maxIter {
		return []Result{warn(fmt.Sprintf("Claude Code stops honouring Stop-hook blocks after %d in a row (%s), before the supervisor's max_iterations %d, so Claude Code ends the loop first: export %s=%d (or set it under \"env\" in settings.json), or set supervisor.max_iterations to %d in %s",
			limit, source, maxIter, BlockCapVar, maxIter, limit, s.ConfigPath), path)}
	}
	return []Result{ok(fmt.Sprintf("Claude Code blocks a stop up to %d times in a row (%s), not fewer than max_iterations %d",
		limit, source, maxIter), path)}
}
