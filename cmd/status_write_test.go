package cmd

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// TestStatusTextExact: the whole text of status for a hook that does not resolve, with
// the home directory written as ~ (but not a directory that only starts with the same letters),
// every line ended, the advice last.
func TestStatusTextExact(t *testing.T) {
	timeout := 600.0
	rows := []installer.StatusRow{
		{
			Scope: installer.ScopeUser, Path: "/home/al/.claude/settings.json", Exists: true, Enabled: true,
			Events: []string{"Stop"}, Command: "ccc-hooks hook", Timeout: &timeout,
			Hooks: []installer.HookStatus{{Event: "Stop", Command: "ccc-hooks hook", Timeout: &timeout, Problem: "ccc-hooks is not on PATH"}},
		},
		{Scope: installer.ScopeProject, Path: "/home/alice/p/.claude/settings.json", Enabled: true},
	}
	want := "" +
		"user       ~/.claude/settings.json\n" +
		"           profiles  none complete\n" +
		"           events    Stop\n" +
		"           timeout   600 seconds\n" +
		"           command   ccc-hooks hook  (does not resolve: ccc-hooks is not on PATH)\n" +
		"project    /home/alice/p/.claude/settings.json  (not present)\n" +
		"\n" +
		"supervisor off by default (~/.claude/ccc.json)\n" +
		"           turn it on with `~/.local/bin/ccc-hooks supervisor on --default` (every session) or " +
		"`~/.local/bin/ccc-hooks supervisor on` (or /supervisor in Claude Code) for one session\n"
	if got := statusText(rows, "/home/al/.claude/ccc.json", "/home/al/.local/bin/ccc-hooks", "/home/al"); got != want {
		t.Errorf("status:\n%s\nwant:\n%s", got, want)
	}
}
