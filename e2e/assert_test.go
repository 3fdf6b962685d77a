//go:build unix

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// waitDecisions waits until the session's decision log has want lines (a
// decision is logged once its review is over) and returns "Event:decision"
// for each.
func waitDecisions(t *testing.T, s *Sandbox, session string, want int) []string {
	t.Helper()
	Eventually(t, 60*time.Second, fmt.Sprintf("%d supervisor decisions", want), func() bool {
		return len(s.ReadLines(t, s.LogPath(session))) >= want
	}, func() string { return s.ReadFile(t, s.LogPath(session)) })
	return decisionTrail(t, s, session)
}

// decisionTrail is "Event:decision" for each line of the session's decision log.
func decisionTrail(t *testing.T, s *Sandbox, session string) []string {
	t.Helper()
	var out []string
	for _, d := range s.Decisions(t, session) {
		out = append(out, fmt.Sprintf("%v:%v", d["event"], d["decision"]))
	}
	return out
}

// checkTrail compares a decision trail with the expected one.
func checkTrail(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("decisions = %q, want %q", got, want)
	}
}

// checkFork checks that a supervisor request continues the agent's conversation (a fork of its
// session) with the agent's own tools: nothing was added for the verdict, nothing taken away.
func checkFork(t *testing.T, r *Request, agentPrompt string) {
	t.Helper()
	if !r.Contains(agentPrompt) {
		t.Errorf("the supervisor's conversation does not contain the agent's prompt %q: not a fork", agentPrompt)
	}
	for _, tool := range []string{"StructuredOutput"} {
		if r.HasTool(tool) {
			t.Errorf("the reviewer is offered %s, which the session does not have", tool)
		}
	}
	for _, tool := range []string{"Edit", "Write", "Bash", "Read"} {
		if !r.HasTool(tool) {
			t.Errorf("the reviewer lacks the session's %s tool", tool)
		}
	}
}

// oneLine is text with its lines joined and its spaces collapsed: what a message says, whatever
// width ccc-hooks or install.sh fitted it to, or the terminal wrapped it at.
func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }
