//go:build unix

package e2e

import (
	"strings"
	"testing"
)

// TestUninstallLeavesNoHook: after install then uninstall the settings file is
// byte-identical to before, and a session whose Stop event fires (a foreign
// hook sees it) never runs ccc-hooks: no state, no log, no review.
func TestUninstallLeavesNoHook(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(false, "should never be asked")
		}
		return Say("Done.")
	})
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, sc.SettingsPath(), marker.Settings())
	before := sc.ReadFile(t, sc.SettingsPath())
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	sc.MustCCC(t, sc.product, "uninstall", "--scope", "user", "--yes")
	if after := sc.ReadFile(t, sc.SettingsPath()); after != before {
		t.Fatalf("settings after uninstall differ from before install:\n--- before\n%s\n--- after\n%s", before, after)
	}
	tree := Tree(t, sc.CCCHome())
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Finish the task.")

	if pr.Result != "Done." {
		t.Errorf("final result = %q, want Done.", pr.Result)
	}
	var stops int
	for _, ev := range marker.Events(t) {
		if ev.SessionID == session && ev.HookEventName == "Stop" {
			stops++
		}
	}
	if stops != 1 {
		t.Errorf("the foreign Stop hook saw %d Stop events of the session, want 1", stops)
	}
	if n := len(sc.api.Supervisor()); n != 0 {
		t.Errorf("supervisor requests = %d, want 0", n)
	}
	if got := Tree(t, sc.CCCHome()); got != tree {
		t.Errorf("ccc-hooks home changed during the session:\n--- before\n%s\n--- after\n%s", tree, got)
	}
	if files := sc.SupervisorFiles(t); len(files) != 0 {
		t.Errorf("supervisor files exist: %s", strings.Join(files, ", "))
	}
}
