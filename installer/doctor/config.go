package doctor

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
)

// configCheck reports ccc.json values the runtime ignores (out of range, wrong type, invalid
// JSON) in the file as a whole and under the supervisor's key, each as an error naming the field
// and what it accepts. The workflow's key has its own check (workflowConfigCheck).
type configCheck struct{}

func (configCheck) Name() string { return "config" }

func (configCheck) Run(_ context.Context, s *Snapshot) []Result {
	if s.ConfigErr != nil {
		return []Result{fail(fmt.Sprintf("%v; the supervisor uses its defaults: make the file readable", s.ConfigErr), s.ConfigPath)}
	}
	var out []Result
	for _, p := range s.ConfigProblems {
		msg := fmt.Sprintf("%s: fix the JSON of %s", p, s.ConfigPath)
		if p.Field != "" {
			msg = fmt.Sprintf("%s: change it in %s", p, s.ConfigPath)
		}
		out = append(out, fail(msg, s.ConfigPath))
	}
	if len(out) > 0 {
		return out
	}
	c := s.Config
	msg := fmt.Sprintf("max_iterations %d, timeout_seconds %d, language %s, enabled by default %t, %s; reviewer: %s; "+
		"max_iterations counts the reviews of one run of work, since you last typed a prompt (each prompt starts it again, "+
		"a turn Claude Code starts by itself does not)",
		c.MaxIterations, c.TimeoutSeconds, c.Language, c.Enabled, sessionBudget(c), reviewerLimits(c))
	if !s.ConfigExists {
		msg = s.ConfigPath + ": not present; supervisor defaults: " + msg
	} else {
		msg = s.ConfigPath + ": supervisor " + msg
	}
	return []Result{ok(msg, s.ConfigPath)}
}

// reviewerLimits describes what the reviewer may do and spend.
func reviewerLimits(c config.Supervisor) string {
	tools := "no permissions beyond Read and read-only commands"
	if len(c.AllowedTools) > 0 {
		tools = "allowed tools " + strings.Join(c.AllowedTools, ", ")
	}
	budget := "no budget limit"
	if c.MaxBudgetUSD > 0 {
		budget = "at most $" + strconv.FormatFloat(c.MaxBudgetUSD, 'f', -1, 64) + " per review"
	}
	return fmt.Sprintf("permission mode %s, %s, %s", c.PermissionMode, tools, budget)
}

// sessionBudget describes supervisor.session_budget_usd.
func sessionBudget(c config.Supervisor) string {
	if c.SessionBudgetUSD <= 0 {
		return "no session budget"
	}
	return "session budget $" + strconv.FormatFloat(c.SessionBudgetUSD, 'f', -1, 64) +
		" (a session whose reviews cost that much is not reviewed again until `supervisor on` for it)"
}
