package doctor

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

func TestBlockCapCheck(t *testing.T) {
	installed := user(supervisor(ourCmd, 600))
	capIn := func(v string) File { return local(`{"env": {"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": ` + v + `}}`) }
	lowMax := snap(installed)
	lowMax.Config.MaxIterations = 5
	workflow := user(`{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}],
		"Stop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}],
		"SubagentStop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}]}}`)
	tests := []struct {
		name string
		env  map[string]string
		s    *Snapshot
		want []want
	}{
		{"default cap below max_iterations is honoured", nil, snap(installed), []want{{StatusOK, []string{
			"up to 8 times in a row with no tool call between the blocks (Claude Code's default), fewer than the supervisor's max_iterations 20",
			"an agent that calls a tool after each block is reviewed up to max_iterations",
			"after 8 blocks answered in words only the supervisor lets the stop end without a review",
			"export CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=20",
		}}}},
		{"env below", map[string]string{blockcap.Var: "5"}, snap(installed), []want{{StatusOK, []string{
			"up to 5 times in a row with no tool call between the blocks (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=5 from the environment)", "after 5 blocks answered in words only",
		}}}},
		{"env high enough", map[string]string{blockcap.Var: "20"}, snap(installed), []want{{StatusOK, []string{"up to 20 times", "not fewer than max_iterations 20"}}}},
		{"no cap", map[string]string{blockcap.Var: "0"}, snap(installed), []want{{StatusOK, []string{"does not cap Stop-hook blocks", "not fewer than max_iterations 20"}}}},
		{"max_iterations lowered", nil, lowMax, []want{{StatusOK, []string{"up to 8 times", "max_iterations 5"}}}},
		{"settings env wins", map[string]string{blockcap.Var: "5"}, snap(capIn(`"50"`), installed), []want{{StatusOK, []string{
			`from "env" of local settings`,
		}}}},
		{"settings env as a number", nil, snap(capIn(`3`), installed), []want{{StatusOK, []string{"up to 3 times in a row", "after 3 blocks"}}}},
		{"not a number", map[string]string{blockcap.Var: "lots"}, snap(installed), []want{{StatusWarn, []string{
			`CLAUDE_CODE_STOP_HOOK_BLOCK_CAP="lots" (from the environment) is not a whole number`,
		}}}},
		{"workflow only", map[string]string{blockcap.Var: "5"}, snap(workflow), []want{{StatusOK, []string{
			"workflow: Claude Code blocks a stop up to 5 times in a row", "the workflow blocks a stop at most 20 times in a run (workflow.max_iterations), and at most 5 times in a row with no tool call between the blocks (that cap)",
		}}}},
		{"workflow with a high cap", map[string]string{blockcap.Var: "50"}, snap(workflow), []want{{StatusOK, []string{"at most 20 times in a run (workflow.max_iterations)"}}}},
		{
			"both profiles", nil, snap(installed, local(`{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "`+ourCmd+`"}]}]}}`)),
			[]want{{StatusOK, []string{"supervisor's max_iterations 20"}}, {StatusOK, []string{"workflow: ", "at most 8 times in a row with no tool call"}}},
		},
		{
			"each profile its own cap",
			map[string]string{blockcap.Var: "6"},
			withCaps(snap(installed, local(`{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "`+ourCmd+`"}]}]}}`)), 3, 9),
			[]want{
				{StatusOK, []string{"not fewer than max_iterations 3"}},
				{StatusOK, []string{"at most 9 times in a run (workflow.max_iterations), and at most 6 times in a row"}},
			},
		},
		{"nothing installed", map[string]string{blockcap.Var: "5"}, snap(user(`{}`)), []want{{StatusOK, []string{"no supervisor or workflow hooks installed", "up to 5 times"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, blockCapCheck{fakeEnv(tt.env, nil, nil)}, tt.s, tt.want)
		})
	}
}

// withCaps sets the supervisor's and the workflow's max_iterations of s.
func withCaps(s *Snapshot, supervisor, workflow int) *Snapshot {
	s.Config.MaxIterations, s.Workflow.MaxIterations = supervisor, workflow
	return s
}
