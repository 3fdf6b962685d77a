package doctor

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
)

func TestTimeoutCheck(t *testing.T) {
	foreign := `{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "lint", "timeout": 30000}]}]}}`
	workflowStop := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 30}]}],
		"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 30}]}]}}`
	long := snap(user(supervisor(ourCmd, 900)))
	long.Config = config.Default()
	long.Config.TimeoutSeconds = 1200
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"seconds", snap(user(supervisor(ourCmd, 600))), []want{{StatusOK, []string{"no hook timeout"}}}},
		{"ours in milliseconds", snap(user(supervisor(ourCmd, 600000))), []want{
			{StatusWarn, []string{"Stop in user settings has timeout 600000", "looks like milliseconds", "`ccc-hooks install --scope user --timeout 600`"}},
			{StatusWarn, []string{"PreToolUse[AskUserQuestion] in user settings"}},
		}},
		{"foreign in milliseconds", snap(project(foreign)), []want{{StatusWarn, []string{
			"PostToolUse[Bash] in project settings has timeout 30000", "set hooks.PostToolUse[0].hooks[0].timeout to 30 in " + projectPath,
		}}}},
		{"shorter than the review", long, []want{
			{StatusWarn, []string{"timeout 900, shorter than supervisor.timeout_seconds 1200", "--timeout 1200"}},
			{StatusWarn, []string{"PreToolUse"}},
		}},
		{"workflow only is quick", snap(user(workflowStop)), []want{{StatusOK, []string{"the timeouts of the ccc-hooks entries in user settings: Stop 30 seconds, UserPromptSubmit 30 seconds; an install keeps them"}}}},
		{"set by hand", snap(user(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 9e2}]}]}}`)), []want{{StatusOK, []string{
			"the timeouts of the ccc-hooks entries in user settings: Stop 900 seconds; an install keeps them, `ccc-hooks install --scope user --timeout N` changes them",
		}}}},
		{
			"no timeout key", snap(user(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`)),
			[]want{{StatusOK, []string{"Stop no timeout (Claude Code's default)"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, timeoutCheck{}, tt.s, tt.want) })
	}
}
