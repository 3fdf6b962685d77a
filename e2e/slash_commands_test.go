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
	sc := newOnOffScenario(t)
	sc.MustCCC(t, sc.product, "install", "--slash-commands", "--yes")
	cmdFile := filepath.Join(sc.ConfigDir, "commands", "supervisor.md")
	if text := sc.ReadFile(t, cmdFile); !strings.Contains(text, "!`"+sc.product.Path+" supervisor on`") {
		t.Fatalf("%s does not run %s supervisor on:\n%s", cmdFile, sc.product.Path, text)
	}
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session)

	typeSupervisorOnOff(t, sc, term, session, "/supervisor-off", "")
}

// Lines the agent of newOnOffScenario says: off once the /supervisor-off text reached it.
const supervisorOnLine, supervisorOffLine = "The supervisor is on.", "The supervisor is off."

// newOnOffScenario is a scenario whose reviewer allows every stop and whose agent says whether the
// supervisor was just turned on or off.
func newOnOffScenario(t *testing.T) *scenario {
	return newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			return Verdict(true, "Fine.")
		case r.IsAgent() && r.Contains("is now off"):
			return Say(supervisorOffLine)
		}
		return Say(supervisorOnLine)
	})
}

// typeSupervisorOnOff types `/supervisor` and Enter into interactive Claude Code (picked, when
// not empty, is the command line the menu must show chosen), checks that the session's Stop was
// then reviewed once, types offCmd, and checks that the Stop after it was not reviewed.
func typeSupervisorOnOff(t *testing.T, sc *scenario, term *Terminal, session, offCmd, picked string) {
	t.Helper()
	term.WaitScreen(t, 60*time.Second, "shift+tab to cycle")
	term.Keys(t, "-l", "/supervisor")
	term.WaitScreen(t, 10*time.Second, "Turn the ccc-hooks supervisor on")
	term.Keys(t, "Enter")
	if picked != "" {
		term.WaitScreen(t, 10*time.Second, picked)
	}
	term.WaitScreen(t, 60*time.Second, supervisorOnLine)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	if st, _ := sc.State(t, session); !st.Enabled || st.Count != 1 {
		t.Errorf("state after /supervisor = %+v, want enabled with one review", st)
	}

	term.Keys(t, "-l", offCmd)
	term.WaitScreen(t, 10*time.Second, "Turn the ccc-hooks supervisor off")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 60*time.Second, supervisorOffLine)
	Eventually(t, 10*time.Second, "the supervisor off for the session", func() bool {
		st, _ := sc.State(t, session)
		return !st.Enabled
	}, func() string { return sc.ReadFile(t, sc.StatePath(session)) })
	term.WaitTurnOver(t, 60*time.Second) // the Stop after offCmd has been answered
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor reviews = %d, want 1 (none after %s)", n, offCmd)
	}
}
