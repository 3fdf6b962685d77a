package doctor

import "testing"

func TestClaudeCheck(t *testing.T) {
	paths := map[string]string{"claude": "/usr/bin/claude", "/opt/claude": "/opt/claude", "my-claude": "/bin/my-claude"}
	outputs := map[string]string{"/usr/bin/claude --version": "2.1.0 (Claude Code)\n", "/bin/my-claude --version": "2.0.0 (Claude Code)\n"}
	withCommand := snap(user(supervisor(ourCmd, 600)))
	withCommand.Config.ClaudeCommand = "my-claude"
	badCommand := snap(user(supervisor(ourCmd, 600)))
	badCommand.Config.ClaudeCommand = "/nope/claude"
	tests := []struct {
		name string
		env  map[string]string
		s    *Snapshot
		want want
	}{
		{"on PATH", nil, snap(user(supervisor(ourCmd, 600))), want{StatusOK, []string{"found /usr/bin/claude (on PATH), 2.1.0 (Claude Code)"}}},
		{"from config", nil, withCommand, want{StatusOK, []string{"/bin/my-claude (from supervisor.claude_command), 2.0.0"}}},
		{"env wins", map[string]string{"CCC_CLAUDE": "my-claude"}, withCommand, want{StatusOK, []string{"(from $CCC_CLAUDE)"}}},
		{"version fails", map[string]string{"CCC_CLAUDE": "/opt/claude"}, snap(), want{StatusWarn, []string{
			"`/opt/claude --version` failed", "point CCC_CLAUDE at the claude program",
		}}},
		{"config names a missing program", nil, badCommand, want{StatusError, []string{
			"/nope/claude (from supervisor.claude_command) not found", "set supervisor.claude_command in /home/u/.claude/ccc.json",
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, claudeCheck{fakeEnv(tt.env, paths, outputs)}, tt.s, []want{tt.want})
		})
	}
}

func TestClaudeCheckMissing(t *testing.T) {
	env := fakeEnv(nil, nil, nil)
	t.Run("supervisor installed", func(t *testing.T) {
		checkResults(t, claudeCheck{env}, snap(user(supervisor(ourCmd, 600))), []want{{StatusError, []string{
			"claude not found on PATH", "every supervisor review fails", "install Claude Code, or set supervisor.claude_command",
		}}})
	})
	t.Run("nothing installed", func(t *testing.T) {
		checkResults(t, claudeCheck{env}, snap(user(`{}`)), []want{{StatusWarn, []string{"claude not found on PATH"}}})
	})
}
