package doctor

import (
	"context"
	"fmt"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
)

// workflowConfigCheck reports the workflow's key of ccc.json: each value the workflow ignores, as
// an error naming the field and what it accepts, else what the settings make the workflow do. A
// file that cannot be used as a whole is configCheck's to report; the workflow then runs on its
// defaults, which this check says.
type workflowConfigCheck struct{ env Env }

func (workflowConfigCheck) Name() string { return "workflow-config" }

func (c workflowConfigCheck) profile() (string, Env) { return installer.Workflow.Name, c.env }

func (workflowConfigCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	for _, p := range s.WorkflowProblems {
		out = append(out, fail(fmt.Sprintf("%s: change it in %s", p, s.ConfigPath), s.ConfigPath))
	}
	if len(out) > 0 {
		return out
	}
	var msg string
	switch {
	case !s.ConfigExists:
		msg = s.ConfigPath + ": not present; workflow defaults: "
	case s.ConfigErr != nil || slices.ContainsFunc(s.ConfigProblems, func(p config.Problem) bool { return p.Key() == "" }):
		msg = s.ConfigPath + ": cannot be used (see the config check); workflow defaults: "
	default:
		msg = s.ConfigPath + ": workflow "
	}
	if s.Workflow.Notify {
		msg += "notify true: a blocked or completed task is announced on the desktop"
	} else {
		msg += `notify false: tasks are not announced (set "workflow": {"notify": true} to announce a blocked or completed task on the desktop)`
	}
	msg += fmt.Sprintf("; max_iterations %d: at most that many stops blocked in one run before one is let through (its own cap, not the supervisor's)",
		s.Workflow.MaxIterations)
	return []Result{ok(msg, s.ConfigPath)}
}
