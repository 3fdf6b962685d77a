//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOwnCommandBesideOurs: a Stop command the user wrote around ours (`ccc-hooks hook && touch
// …`) is kept by install, which adds its own entry beside it and says that ccc-hooks then runs
// twice on Stop and answers once. In a real session both run: one review, one decision, and the
// user's chained command runs too; uninstall takes out only our entry.
func TestOwnCommandBesideOurs(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(true, "Fine.")
		}
		return Say("Done.")
	})
	chained := filepath.Join(sc.Root, "chained-ran")
	own := "ccc-hooks hook && touch " + chained
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{"Stop": []any{
		map[string]any{"hooks": []any{map[string]any{"type": "command", "command": own, "timeout": 900}}},
	}}})
	before := sc.ReadFile(t, sc.SettingsPath())
	res := sc.MustCCC(t, sc.product, "install", "--yes")
	if want := "Stop runs `" + own + "`, a command of your own that runs ccc-hooks: it stays as it is. With the entry of ccc-hooks beside it, ccc-hooks runs twice on each Stop: it answers once"; !strings.Contains(res.Stderr, want) {
		t.Errorf("install does not say what the user's command means (%q):\n%s", want, res.Stderr)
	}
	sc.EnableSupervisor(t, sc.product)

	session := NewSessionID(t)
	sc.agentStops(t, session, "Finish the task.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	Eventually(t, 30*time.Second, "the user's chained command to run", func() bool {
		_, err := os.Stat(chained)
		return err == nil
	}, func() string { return "no " + chained })
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("reviews = %d, want 1 (the two runs of ccc-hooks answer once)", n)
	}

	sc.MustCCC(t, sc.product, "uninstall", "--yes")
	if got := sc.ReadFile(t, sc.SettingsPath()); got != before {
		t.Errorf("uninstall did not give back the file with the user's command:\n%s\nwant\n%s", got, before)
	}
}
