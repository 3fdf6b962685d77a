package doctor

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
)

func TestWorkflowConfigCheck(t *testing.T) {
	parsed := func(src string) *Snapshot {
		s := snap()
		s.ConfigExists = true
		cfg, problems := config.ParseAll([]byte(src))
		s.setConfig(cfg, problems, nil)
		return s
	}
	unreadable := snap()
	unreadable.ConfigExists = true
	unreadable.setConfig(config.Config{Supervisor: config.Default(), Workflow: config.DefaultWorkflow()}, nil, errors.New("read /home/u/.claude/ccc.json: permission denied"))
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"missing", snap(), []want{{StatusOK, []string{"/home/u/.claude/ccc.json: not present; workflow defaults: notify false", `set "workflow": {"notify": true}`}}}},
		{"no workflow key", parsed(`{"supervisor": {"enabled": true}}`), []want{{StatusOK, []string{"/home/u/.claude/ccc.json: workflow notify false: tasks are not announced"}}}},
		{"notify on", parsed(`{"workflow": {"notify": true}}`), []want{{StatusOK, []string{"workflow notify true: a blocked or completed task is announced on the desktop"}}}},
		{"its own cap", parsed(`{"supervisor": {"max_iterations": 3}, "workflow": {"max_iterations": 5}}`), []want{
			{StatusOK, []string{"; max_iterations 5: at most that many stops blocked in one run before one is let through (its own cap, not the supervisor's)"}},
		}},
		{"cap out of range", parsed(`{"workflow": {"max_iterations": 500}}`), []want{
			{StatusError, []string{"workflow.max_iterations: 500 is out of range 1..100; using 20: change it in /home/u/.claude/ccc.json"}},
		}},
		{"notify off", parsed(`{"workflow": {"notify": false}}`), []want{{StatusOK, []string{"workflow notify false"}}}},
		{"notify not a boolean", parsed(`{"workflow": {"notify": "yes"}}`), []want{
			{StatusError, []string{`workflow.notify: want true or false, got "yes"; using false: change it in /home/u/.claude/ccc.json`}},
		}},
		{"workflow not an object", parsed(`{"workflow": [true]}`), []want{
			{StatusError, []string{"workflow: not an object; using the defaults: change it in /home/u/.claude/ccc.json"}},
		}},
		{"bad supervisor settings beside", parsed(`{"supervisor": {"max_iterations": 0}, "workflow": {"notify": true}}`), []want{
			{StatusOK, []string{"workflow notify true"}},
		}},
		{"invalid JSON", parsed(`{"workflow": {"notify": true}`), []want{
			{StatusOK, []string{"cannot be used (see the config check); workflow defaults: notify false"}},
		}},
		{"unreadable", unreadable, []want{{StatusOK, []string{"cannot be used (see the config check); workflow defaults: notify false"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, workflowConfigCheck{}, tt.s, tt.want) })
	}
}

// TestConfigChecksShareProblems: each problem of ccc.json is reported by exactly one check, the
// file's and the supervisor's by config, the workflow's by workflow-config.
func TestConfigChecksShareProblems(t *testing.T) {
	s := snap()
	s.ConfigExists = true
	cfg, problems := config.ParseAll([]byte(`{"supervisor": {"language": "fr"}, "workflow": {"notify": 1}}`))
	s.setConfig(cfg, problems, nil)
	checkResults(t, configCheck{}, s, []want{{StatusError, []string{"supervisor.language"}}})
	checkResults(t, workflowConfigCheck{}, s, []want{{StatusError, []string{"workflow.notify"}}})
}

// TestRunLeavesOutProfilesNotInstalled: a check about one profile (the workflow's settings, the
// supervisor's checks) runs only where that profile is installed, in a settings file or as a
// plugin; with nothing of ccc-hooks installed the supervisor's run (an install sets it up by
// default), and with hooks of ours that make no whole profile, both do.
func TestRunLeavesOutProfilesNotInstalled(t *testing.T) {
	const workflow = `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}],
  "SubagentStop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}]}}`
	withPlugin := func(name string) *Snapshot {
		s := snap(user(`{}`))
		s.plugins = &pluginsRead{list: []installer.Plugin{{Name: name, ID: name + "@ccc-hooks"}}}
		return s
	}
	tests := []struct {
		name string
		s    *Snapshot
		want []string
	}{
		{"the supervisor in settings", snap(user(supervisor(ourCmd, 600))), []string{"supervisor-checks"}},
		{"the workflow in settings", snap(user(workflow)), []string{"workflow-config"}},
		{"both", snap(user(supervisor(ourCmd, 600)), project(workflow)), []string{"supervisor-checks", "workflow-config"}},
		{"the workflow's plugin", withPlugin("workflow"), []string{"workflow-config"}},
		{"the supervisor's plugin", withPlugin("supervisor"), []string{"supervisor-checks"}},
		{"nothing installed", snap(user(`{}`)), []string{"supervisor-checks"}},
		{"a Stop hook alone", snap(user(stop(ourCmd))), []string{"supervisor-checks", "workflow-config"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.s.plugins == nil {
				tt.s.plugins = &pluginsRead{}
			}
			var got []string
			for _, r := range Run(context.Background(), tt.s, []Check{checksCheck{}, workflowConfigCheck{}}) {
				got = append(got, r.Check)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("rows %v, want %v", got, tt.want)
			}
		})
	}
}
