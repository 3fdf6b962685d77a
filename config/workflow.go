package config

import "github.com/tidwall/gjson"

// WorkflowKey is the top-level key of ccc.json that holds the workflow settings.
const WorkflowKey = "workflow"

// Workflow is the effective workflow configuration.
type Workflow struct {
	// Notify announces a blocked or completed task on the desktop (default false).
	Notify bool
	// MaxIterations caps the stops the workflow blocks in one run before it lets one through
	// (default DefaultMaxIterations, like the supervisor's own cap; each profile has its own).
	MaxIterations int
}

// DefaultWorkflow returns the workflow configuration used when ccc.json or its key is missing.
func DefaultWorkflow() Workflow { return Workflow{MaxIterations: DefaultMaxIterations} }

// workflow reads the workflow settings from the value of WorkflowKey.
func (p *problems) workflow(v gjson.Result) Workflow {
	cfg := DefaultWorkflow()
	if !p.section(WorkflowKey, v) {
		return cfg
	}
	if n := v.Get("notify"); n.Exists() {
		cfg.Notify = p.boolean(WorkflowKey, "notify", n)
	}
	cfg.MaxIterations = p.intIn(WorkflowKey, v, "max_iterations", MinMaxIterations, MaxMaxIterations, DefaultMaxIterations)
	return cfg
}
