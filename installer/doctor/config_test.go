package doctor

import (
	"errors"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
)

func TestConfigCheck(t *testing.T) {
	parsed := func(src string, files ...File) *Snapshot {
		s := snap(files...)
		s.ConfigExists = true
		s.Config, s.ConfigProblems = config.Parse([]byte(src))
		return s
	}
	unreadable := snap()
	unreadable.ConfigExists = true
	unreadable.ConfigErr = errors.New("read /home/u/.claude/ccc.json: permission denied")
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"missing", snap(), []want{{StatusOK, []string{"not present; supervisor defaults: max_iterations 20, timeout_seconds 600"}}}},
		{"valid", parsed(`{"supervisor": {"max_iterations": 5, "enabled": true}}`), []want{{StatusOK, []string{"max_iterations 5", "enabled by default true"}}}},
		{"out of range", parsed(`{"supervisor": {"max_iterations": 500, "timeout_seconds": 5}}`), []want{
			{StatusError, []string{"supervisor.max_iterations: 500 is out of range 1..100", "change it in /home/u/.claude/ccc.json"}},
			{StatusError, []string{"supervisor.timeout_seconds: 5 is out of range 10..3600"}},
		}},
		{"reviewer defaults", snap(), []want{{StatusOK, []string{
			"reviewer: permission mode dontAsk, allowed tools Bash(git diff:*), Bash(git log:*), Bash(git status:*), no budget limit",
		}}}},
		{"reviewer settings", parsed(`{"supervisor": {"permission_mode": "manual", "allowed_tools": [], "max_budget_usd": 0.25}}`), []want{{StatusOK, []string{
			"reviewer: permission mode manual, no permissions beyond Read and read-only commands, at most $0.25 per review",
		}}}},
		{"unsafe reviewer settings", parsed(`{"supervisor": {"permission_mode": "bypassPermissions", "max_budget_usd": 0}}`), []want{
			{StatusError, []string{`supervisor.permission_mode: want one of "dontAsk", "default" or "manual", got "bypassPermissions"; using "dontAsk"`, "change it in /home/u/.claude/ccc.json"}},
			{StatusError, []string{"supervisor.max_budget_usd: want a number of dollars greater than 0, got 0"}},
		}},
		{"wrong language", parsed(`{"supervisor": {"language": "fr"}}`), []want{{StatusError, []string{`supervisor.language: want "en" or "zh"`}}}},
		{"invalid JSON", parsed(`{"supervisor": `), []want{{StatusError, []string{"invalid JSON", "fix the JSON of /home/u/.claude/ccc.json"}}}},
		{"unreadable", unreadable, []want{{StatusError, []string{"permission denied", "make the file readable"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, configCheck{}, tt.s, tt.want) })
	}
}
