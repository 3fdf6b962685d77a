package cmd

import (
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
	"github.com/ccc-hooks/ccc-hooks/installer"
)

// TestWorkflowGuardEntry: the workflow's PreToolUse entry, which the installer writes, sends the
// runtime's guard exactly the tools it judges (the installer does not import the runtime).
func TestWorkflowGuardEntry(t *testing.T) {
	found := false
	for _, e := range installer.Workflow.Events {
		if e.Hook != "PreToolUse" {
			continue
		}
		found = true
		if e.Matcher != workflow.GuardMatcher {
			t.Errorf("the workflow's PreToolUse matcher is %q, the guard's %q", e.Matcher, workflow.GuardMatcher)
		}
		for _, tool := range strings.Split(e.Matcher, "|") {
			if !workflow.Guards(tool) {
				t.Errorf("the entry sends %s, which the guard does not judge", tool)
			}
		}
	}
	if !found {
		t.Error("the workflow installs no PreToolUse entry for its guard")
	}
}
