//go:build unix

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectScopeRunsFromPath: `install --scope project` writes `ccc-hooks hook`, which every
// teammate's PATH resolves; the real Claude Code runs it from the project settings (the only
// hooks there are), and the supervisor's block reaches the agent, named by the entry's
// statusMessage.
func TestProjectScopeRunsFromPath(t *testing.T) {
	t.Parallel()
	const feedback = "Run the tests before stopping."
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor() && r.Contains("Ran the tests."):
			return Verdict(true, "Complete.")
		case r.IsSupervisor():
			return Verdict(false, feedback)
		case r.IsAgent() && r.Contains(feedback):
			return Say("Ran the tests. Done.")
		}
		return Say("Done.")
	})
	// newScenario put the product on PATH, as install.sh does.
	sc.MustCCC(t, sc.product, "install", "--scope", "project", "--yes")
	settings := sc.ReadFile(t, filepath.Join(sc.Project, ".claude", "settings.json"))
	if !strings.Contains(settings, `"command": "ccc-hooks hook"`) || strings.Contains(settings, sc.product.Path) {
		t.Fatalf("project settings do not run `ccc-hooks hook` from PATH:\n%s", settings)
	}
	sc.EnableSupervisor(t, sc.product)

	pr := sc.agentStops(t, NewSessionID(t), "Fix the bug.")

	if pr.Result != "Ran the tests. Done." {
		t.Errorf("final result = %q, want the answer after the block", pr.Result)
	}
	agent := sc.api.Agent()
	if len(agent) != 2 {
		t.Fatalf("agent requests = %d, want 2 (before and after the block)", len(agent))
	}
	if want := stopBlockingError(reviewing, feedback); agent[1].CountTextsContaining(want) != 1 {
		t.Errorf("second agent request does not carry %q once; texts: %q", want, agent[1].Texts())
	}
}
