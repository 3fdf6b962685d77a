package config

import "github.com/tidwall/gjson"

// WorkflowKey is the top-level key of ccc.json that holds the workflow settings.
const WorkflowKey = "workflow"

// Workflow is the effective workflow configuration; its zero value is the default.
type Workflow struct {
	// Notify announces a blocked or completed task on the desktop (default false).
	Notify bool
}

// workflow reads the workflow settings from the value of WorkflowKey.
func (p *problems) workflow(v gjson.Result) Workflow {
	var cfg Workflow
	if !p.section(WorkflowKey, v) {
		return cfg
	}
	if n := v.Get("notify"); n.Exists() {
		cfg.Notify = p.boolean(WorkflowKey, "notify", n)
	}
	return cfg
}
