//go:build unix

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSettingsSlashCommands: after `ccc-hooks install --slash-commands`, `/supervisor` typed into
// interactive Claude Code runs the installed binary's `supervisor on` for this session (the
// command file names the binary by its absolute path, so PATH does not matter): the session's Stop
// is then reviewed. `/supervisor-off` typed turns it off again: the next Stop is not.
func TestSettingsSlashCommands(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const on, off = "The supervisor is on.", "The supervisor is off."
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			return Verdict(true, "Fine.")
		case r.IsAgent() && r.Contains("is now off"):
			return Say(off)
		}
		return Say(on)
	})
	sc.MustCCC(t, sc.product, "install", "--slash-commands", "--yes")
	cmdFile := filepath.Join(sc.ConfigDir, "commands", "supervisor.md")
	if text := sc.ReadFile(t, cmdFile); !strings.Contains(text, "!`"+sc.product.Path+" supervisor on`") {
		t.Fatalf("%s does not run %s supervisor on:\n%s", cmdFile, sc.product.Path, text)
	}
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session)

	term.WaitScreen(t, 60*time.Second, "shift+tab to cycle")
	term.Keys(t, "-l", "/supervisor")
	term.WaitScreen(t, 10*time.Second, "Turn the ccc-hooks supervisor on")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 60*time.Second, on)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	if st, _ := sc.State(t, session); !st.Enabled || st.Count != 1 {
		t.Errorf("state after /supervisor = %+v, want enabled with one review", st)
	}

	term.Keys(t, "-l", "/supervisor-off")
	term.WaitScreen(t, 10*time.Second, "Turn the ccc-hooks supervisor off")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 60*time.Second, off)
	Eventually(t, 10*time.Second, "the supervisor off for the session", func() bool {
		st, _ := sc.State(t, session)
		return !st.Enabled
	}, func() string { return sc.ReadFile(t, sc.StatePath(session)) })
	time.Sleep(2 * time.Second) // the Stop after /supervisor-off has been answered
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor reviews = %d, want 1 (none after /supervisor-off)", n)
	}
}
