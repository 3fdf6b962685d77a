//go:build unix

package e2e

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Texts of the scenarios of a supervisor kept on all day.
const (
	researchPrompt = "Research why the login cache misses."
	researchTask   = "research the login cache"
	researchFound  = "Found: the cache key ignores the locale."
	agentWaiting   = "The research runs in the background; I will report when it ends."
	agentReports   = "The research found the bug: the cache key ignores the locale."
)

// researcher is the fake model of a session whose agent starts a background subagent and stops
// while it runs. The subagent answers only once released says so (at most 60 s), so that the
// stop while it runs comes first; the result's turn (a <task-notification>) reports it. Reviews
// answer with review.
func researcher(released func() bool, review func(r *Request) Reply) Script {
	return func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			return review(r)
		case !r.IsAgent():
			return Say("OK.")
		case strings.Contains(firstUserText(r), researchTask):
			for deadline := time.Now().Add(60 * time.Second); !released() && time.Now().Before(deadline); {
				time.Sleep(pollInterval)
			}
			return Say(researchFound)
		}
		last := lastUserText(r)
		switch {
		case strings.Contains(last, "<task-notification>"):
			return Say(agentReports)
		case strings.Contains(last, "Async agent launched"):
			return Say(agentWaiting)
		case strings.Contains(last, "Stop hook"):
			return Say(agentReports)
		case strings.Contains(last, researchPrompt), strings.Contains(last, "I opened a workflow task with /mc"):
			return Call("Agent", map[string]any{
				"description": "research", "subagent_type": "general-purpose", "prompt": researchTask,
			}, "")
		}
		return Say(agentReports)
	}
}

// projectMarker writes a marker of Stop events into the project's settings (ccc-hooks is
// installed in the user's) and returns it.
func projectMarker(t *testing.T, sc *scenario) Marker {
	t.Helper()
	m := sc.NewMarker(t)
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.json"), m.Settings())
	return m
}

// TestSupervisorWaitsWhileSubagentRuns: typed into interactive Claude Code, with the supervisor
// on. The agent starts a background subagent and stops while it runs: that stop gets no review,
// no count, no block and no message. When the subagent's result starts Claude Code's own turn,
// that turn's stop is reviewed, once, and the user sees the review's line.
func TestSupervisorWaitsWhileSubagentRuns(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	var markerRef atomic.Pointer[Marker]
	released := func() bool { m := markerRef.Load(); return m != nil && stopsWhileRunning(*m) > 0 }
	sc := newScenario(t, researcher(released, func(*Request) Reply { return Verdict(true, "The research is reported.") }))
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	marker := projectMarker(t, sc)
	markerRef.Store(&marker)
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, researchPrompt)

	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	term.WaitScreen(t, 30*time.Second, "ccc-hooks supervisor: allowed the stop (review 1 of 20")
	if n := stopsWhileRunning(marker); n == 0 {
		t.Fatal("no Stop fired while the subagent ran")
	}
	term.WaitTurnOver(t, 60*time.Second) // nothing more happens
	sup := sc.api.Supervisor()
	if len(sup) != 1 {
		t.Fatalf("supervisor requests = %d, want 1 (the stop after the result only)", len(sup))
	}
	if p := promptOf(sup[0]); !strings.Contains(p, agentReports) || strings.Contains(p, agentWaiting+"\n\n## ") {
		t.Errorf("the review is not of the stop after the result:\n%s", p)
	}
	if st, _ := sc.State(t, session); st.Count != 1 {
		t.Errorf("count = %d, want 1", st.Count)
	}
	if screen := term.Screen(); strings.Count(screen, "ccc-hooks supervisor:") != 1 || strings.Contains(screen, "Stop hook reported a problem") {
		t.Errorf("want exactly one line of the supervisor and no block on screen:\n%s", screen)
	}
}

// TestBothProfilesWaitWhileSubagentRuns: the supervisor on and the workflow installed, a /mc task
// open. The agent starts a background subagent and stops while it runs: no review, no failure on
// the task, no block, no count. The turn the subagent's result starts is the workflow's to judge:
// it blocks that stop and counts the failure; the supervisor, behind the workflow's final answer,
// reviews nothing.
func TestBothProfilesWaitWhileSubagentRuns(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	var markerRef atomic.Pointer[Marker]
	released := func() bool { m := markerRef.Load(); return m != nil && stopsWhileRunning(*m) > 0 }
	sc := newScenario(t, researcher(released, func(*Request) Reply { return Verdict(false, "Not finished.") }))
	sc.Install(t, sc.product)
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--scope", "user", "--yes")
	sc.WriteJSON(t, filepath.Join(sc.ConfigDir, "ccc.json"), map[string]any{
		"supervisor": map[string]any{"enabled": true},
		"workflow":   map[string]any{"max_iterations": 1},
	})
	marker := projectMarker(t, sc)
	markerRef.Store(&marker)
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, mcPrompt)

	task := waitTask(t, sc, "the result's stop blocked once, the next let through", func(m taskMeta) bool {
		return m.FailureCount == 1 && len(m.FailureHistory) == 2
	})
	if n := stopsWhileRunning(marker); n == 0 {
		t.Fatal("no Stop fired while the subagent ran")
	}
	if !strings.Contains(task.FailureHistory[0].Excerpt, agentReports) {
		t.Errorf("the failure counted is not the result's stop: %+v", task.FailureHistory)
	}
	term.WaitTurnOver(t, 60*time.Second)
	if n := len(sc.api.Supervisor()); n != 0 {
		t.Errorf("supervisor requests = %d, want 0", n)
	}
	if got := decisionTrail(t, sc.Sandbox, session); len(got) != 0 {
		t.Errorf("supervisor decisions = %v, want none", got)
	}
}

// TestSupervisorCapPerRunOfWork: max_iterations 2 and a reviewer that always blocks. The first
// task gets two reviews, then the cap lets the stop end and the session says so; the user's next
// prompt starts a new run of work: reviewed again.
func TestSupervisorCapPerRunOfWork(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	var reviews atomic.Int32
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			if reviews.Add(1) <= 2 {
				return Verdict(false, "Not finished: run the tests.")
			}
			return Verdict(true, "The lexer is done.")
		case r.IsAgent():
			if strings.Contains(lastUserText(r), "Now fix the lexer.") {
				return Say("Lexer done.")
			}
			return Say("Parser done.")
		}
		return Say("OK.")
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_iterations": 2})
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, "Fix the parser.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 3), "Stop:block", "Stop:block", "Stop:capped")
	term.WaitScreen(t, 30*time.Second, "it stops reviewing until you type your next prompt")

	typeLine(t, term, "Now fix the lexer.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 4), "Stop:block", "Stop:block", "Stop:capped", "Stop:allow")
	term.WaitScreen(t, 30*time.Second, "ccc-hooks supervisor: allowed the stop (review 1 of 2")
	if n := len(sc.api.Supervisor()); n != 3 {
		t.Errorf("supervisor requests = %d, want 3", n)
	}
}

// TestSupervisorFailingReviewerLetsQuestionsThrough: a reviewer that times out on every review
// (timeout_seconds 10, a model that answers the reviewer after 15 s). The first question is held
// back with the failure (the seeds' rule for one failure); the next questions' reviews time out
// too and each goes to the user unreviewed: the question dialog opens, and once answered the
// session says why. Every question still started a review.
func TestSupervisorFailingReviewerLetsQuestionsThrough(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	asked := atomic.Int32{}
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			time.Sleep(15 * time.Second)
			return Verdict(true, "too late")
		case r.IsAgent():
			if _, ok := r.LastToolResult(); ok && asked.Load() >= 3 {
				return Say("Going with what you chose.")
			}
			asked.Add(1)
			return Call("AskUserQuestion", askInput(), "")
		}
		return Say("OK.")
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "timeout_seconds": 10})
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, askPrompt)

	// 1. Held back: Claude Code shows the failure as the hook's error.
	term.WaitScreen(t, 60*time.Second, "supervisor review failed: review timed out after 10s")
	// 2. and 3. Reviewed, failed again, and asked as usual.
	for i := 2; i <= 3; i++ {
		term.WaitScreen(t, 60*time.Second, "Enter to select")
		term.Keys(t, "Enter")
		term.WaitScreen(t, 30*time.Second, "the supervisor's review failed again (review timed out after 10s)")
	}
	term.WaitScreen(t, 60*time.Second, "Going with what you chose.")
	trail := decisionTrail(t, sc.Sandbox, session)
	if len(trail) < 3 || trail[0] != "PreToolUse:failed" || trail[1] != "PreToolUse:failed-pass" || trail[2] != "PreToolUse:failed-pass" {
		t.Errorf("decisions = %v, want a failure, then two passes", trail)
	}
	if n := len(sc.api.Supervisor()); n < 3 {
		t.Errorf("supervisor requests = %d, want one per question", n)
	}
}

// reviewingSpinner is Claude Code's spinner while our hook runs, with the entry's statusMessage
// (seen on 2.1.328 and 2.1.332: "✻ Blanching… (ccc-hooks supervisor reviewing… · 2s · …)").
var reviewingSpinner = regexp.MustCompile(`\(ccc-hooks supervisor reviewing… · \d+s`)

// TestSupervisorSeenWhileReviewing: a slow review (the reviewer's model answers after 6 s). While
// it runs, the spinner shows the supervisor reviewing; when it is done, the session shows one
// line with the verdict, the review's number against the cap and its cost.
func TestSupervisorSeenWhileReviewing(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			time.Sleep(6 * time.Second)
			return Verdict(true, "Verified.")
		case r.IsAgent():
			return Say("Parser done.")
		}
		return Say("OK.")
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, "Fix the parser.")

	Eventually(t, 60*time.Second, "the spinner shows the supervisor reviewing",
		func() bool { return reviewingSpinner.MatchString(term.Screen()) }, term.Screen)
	screen := term.WaitScreen(t, 60*time.Second, "Stop says: ccc-hooks supervisor: allowed the stop (review 1 of 20, ")
	if !regexp.MustCompile(`allowed the stop \(review 1 of 20, (\$\d+\.\d{4}|cost not reported)\)\.`).MatchString(screen) {
		t.Errorf("the verdict line lacks the review's number or cost:\n%s", screen)
	}
}
