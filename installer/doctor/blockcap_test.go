package doctor

import "testing"

func TestBlockCapCheck(t *testing.T) {
	installed := user(supervisor(ourCmd, 600))
	capIn := func(v string) File { return local(`{"env": {"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": ` + v + `}}`) }
	lowMax := snap(installed)
	lowMax.Config.MaxIterations = 5
	tests := []struct {
		name string
		env  map[string]string
		s    *Snapshot
		want want
	}{
		{"default cap below max_iterations", nil, snap(installed), want{StatusWarn, []string{
			"after 8 in a row (Claude Code's default)", "max_iterations 20",
			"export CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=20", "set supervisor.max_iterations to 8 in /home/u/.claude/ccc.json",
		}}},
		{"env below", map[string]string{BlockCapVar: "5"}, snap(installed), want{StatusWarn, []string{
			"after 5 in a row (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=5 from the environment)",
		}}},
		{"env high enough", map[string]string{BlockCapVar: "20"}, snap(installed), want{StatusOK, []string{"up to 20 times"}}},
		{"max_iterations lowered", nil, lowMax, want{StatusOK, []string{"up to 8 times", "max_iterations 5"}}},
		{"settings env wins", map[string]string{BlockCapVar: "5"}, snap(capIn(`"50"`), installed), want{StatusOK, []string{
			`from "env" of local settings`,
		}}},
		{"settings env as a number", nil, snap(capIn(`3`), installed), want{StatusWarn, []string{"after 3 in a row"}}},
		{"not a number", map[string]string{BlockCapVar: "lots"}, snap(installed), want{StatusWarn, []string{
			`CLAUDE_CODE_STOP_HOOK_BLOCK_CAP="lots" (from the environment) is not a positive whole number`,
		}}},
		{"no supervisor", map[string]string{BlockCapVar: "5"}, snap(user(`{}`)), want{StatusOK, []string{"no supervisor hooks installed"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, blockCapCheck{fakeEnv(tt.env, nil, nil)}, tt.s, []want{tt.want})
		})
	}
}
