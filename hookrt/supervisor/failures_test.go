package supervisor

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// failScript is a reviewer that fails as the real one does when the API refuses it: it reports
// an exhausted quota and exits 1.
var failScript = fakereview.Script(fakereview.With(fakereview.Refused("API Error: 429 quota exhausted"), "total_cost_usd", 0.01)) + "exit 1\n"

func ask(sid string) *event.Event {
	return &event.Event{SessionID: sid, Name: event.PreToolUse, ToolName: event.AskUserQuestion}
}

// TestHandleFailingReviews: one failed review keeps the seeds' rule; a question whose review
// fails after a failed one goes to the user with no decision and a message; a Stop's failure
// counts in the run; a review that succeeds ends it.
func TestHandleFailingReviews(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, failScript)
	opts := optsOf(e)
	failures := func() int {
		st, _, err := storeOf(e).Load("f")
		if err != nil {
			t.Fatal(err)
		}
		return st.FailedReviews
	}

	out, err := run(context.Background(), ask("f"), opts)
	if err != nil || out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" ||
		out.HookSpecificOutput.PermissionDecisionReason != "supervisor review failed: claude reported an error: API Error: 429 quota exhausted" ||
		!strings.Contains(out.SystemMessage, "review 1 of 20 failed (claude reported an error: API Error: 429 quota exhausted); the question was held back") {
		t.Fatalf("first failure: %+v, %v; want a deny saying so", out, err)
	}
	if n := failures(); n != 1 {
		t.Fatalf("failed reviews = %d, want 1", n)
	}
	out, err = run(context.Background(), ask("f"), opts)
	if err != nil || out == nil || out.HookSpecificOutput != nil || out.Decision != "" ||
		out.SystemMessage != "ccc-hooks: the supervisor's review failed again (claude reported an error: API Error: 429 quota exhausted), 2 times in a row; "+
			"this question goes to you unreviewed. See `ccc-hooks supervisor log`." {
		t.Fatalf("second failure: %+v, %v; want no decision and the message", out, err)
	}
	_, err = run(context.Background(), hooktest.Stop("f"), opts)
	var failed *ReviewFailedError
	if !errors.As(err, &failed) {
		t.Fatalf("a Stop's failure: %v, want a ReviewFailedError", err)
	}
	if n := failures(); n != 3 {
		t.Fatalf("failed reviews = %d, want 3", n)
	}
	decisions, _, _ := storeOf(e).ReadLog("f")
	var got []string
	for _, d := range decisions {
		got = append(got, d.Decision)
	}
	if strings.Join(got, " ") != "failed failed-pass failed" {
		t.Errorf("decisions %v, want failed, failed-pass, failed", got)
	}

	e.Write(e.Vars["CCC_CLAUDE"], "#!/bin/sh\n"+hooktest.AllowScript, 0o755)
	if out, err := run(context.Background(), ask("f"), opts); err != nil || out.HookSpecificOutput.PermissionDecision != "allow" {
		t.Fatalf("a review that succeeds: %+v, %v", out, err)
	}
	if n := failures(); n != 0 {
		t.Errorf("failed reviews = %d after a success, want 0", n)
	}
	e.Write(e.Vars["CCC_CLAUDE"], "#!/bin/sh\n"+failScript, 0o755)
	if out, _ := run(context.Background(), ask("f"), opts); out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("a failure after a success: %+v, want a deny again", out)
	}
}

// TestSettleGivesBackTheStopsPlace: an allowed or failed Stop gives back the place its review held
// in the run of blocks; a block keeps it; a question never touches the run.
func TestSettleGivesBackTheStopsPlace(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		ev           *event.Event
		high         int
	}{
		{"an allowed stop", hooktest.AllowScript, hooktest.Stop("g"), 0},
		{"a failed stop", failScript, hooktest.Stop("g"), 0},
		{"a blocked stop", `echo review >> /dev/null` + "\n" + hooktest.BlockScript, hooktest.Stop("g"), 1},
		{"a question", hooktest.AllowScript, ask("g"), -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, tc.script)
			e.Vars["REVIEWS"] = "/dev/null"
			opts := optsOf(e)
			opts.Environ = func() []string { return []string{"REVIEWS=/dev/null", "PATH=/usr/bin:/bin"} }
			_, _ = run(context.Background(), tc.ev, opts)
			st, _, err := storeOf(e).Load("g")
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.high < 0 && st.StopRun != nil:
				t.Errorf("a question touched the run of blocks: %+v", st.StopRun)
			case tc.high >= 0 && (st.StopRun == nil || st.StopRun.High != tc.high || st.StopRun.Low != tc.high):
				t.Errorf("run of blocks %+v, want %d", st.StopRun, tc.high)
			}
			decisions, _, _ := storeOf(e).ReadLog("g")
			if len(decisions) != 1 {
				t.Fatalf("decisions %+v, want one", decisions)
			}
			if want := max(tc.high, 0); tc.ev.Name == event.Stop && decisions[0].StopBlocks != want {
				t.Errorf("logged stop_blocks %d, want %d", decisions[0].StopBlocks, want)
			}
		})
	}
}

// TestHandleDecisionDetails: what the decision log and the answer carry beyond the verdict.
func TestHandleDecisionDetails(t *testing.T) {
	t.Run("an empty approving feedback", func(t *testing.T) {
		e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.ReviewScript(true, ""))
		out, err := run(context.Background(), hooktest.Stop("d"), optsOf(e))
		if err != nil || out.Reason == nil || *out.Reason != approvedFeedback {
			t.Errorf("got %+v, %v; want the approved feedback", out, err)
		}
	})
	t.Run("a supervisor ID of another session", func(t *testing.T) {
		e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
		e.Vars[SupervisorIDVar] = "group-1"
		if _, err := run(context.Background(), hooktest.Stop("d"), optsOf(e)); err != nil {
			t.Fatal(err)
		}
		decisions, _, _ := storeOf(e).ReadLog("d")
		if len(decisions) != 1 || decisions[0].SupervisorID != "group-1" {
			t.Errorf("decisions %+v, want one naming supervisor ID group-1", decisions)
		}
		e.Vars[SupervisorIDVar] = ""
		if _, err := run(context.Background(), hooktest.Stop("d"), optsOf(e)); err != nil {
			t.Fatal(err)
		}
		if decisions, _, _ = storeOf(e).ReadLog("d"); len(decisions) != 2 || decisions[1].SupervisorID != "" {
			t.Errorf("decisions %+v, want the second without a supervisor ID", decisions)
		}
	})
	t.Run("a Stop capped before any review", func(t *testing.T) {
		e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":1}}`, hooktest.AllowScript)
		if _, err := run(context.Background(), ask("d"), optsOf(e)); err != nil {
			t.Fatal(err)
		}
		out, err := run(context.Background(), hooktest.Stop("d"), optsOf(e))
		if err != nil || out == nil || !strings.Contains(*out.Reason, "cap reached (1 of max_iterations 1)") {
			t.Errorf("got %+v, %v; want the cap", out, err)
		}
	})
}

// TestAllowAndRefuse: the answers by event and tool.
func TestAllowAndRefuse(t *testing.T) {
	other := &event.Event{SessionID: "a", Name: event.PreToolUse, ToolName: "Bash"}
	if out := allow(ask("a"), "ok"); out == nil || out.HookSpecificOutput.PermissionDecision != "allow" {
		t.Errorf("allow(AskUserQuestion) = %+v", out)
	}
	if out := allow(other, "ok"); out != nil {
		t.Errorf("allow(Bash) = %+v, want no decision", out)
	}
	if out := allow(hooktest.Stop("a"), "ok"); out == nil || *out.Reason != "ok" || out.Decision != "" {
		t.Errorf("allow(Stop) = %+v", out)
	}
	if out := refuse(ask("a"), "no"); out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("refuse(AskUserQuestion) = %+v", out)
	}
	if out := refuse(hooktest.Stop("a"), "no"); out.Decision != "block" || *out.Reason != "no" {
		t.Errorf("refuse(Stop) = %+v", out)
	}
}

// TestSessionBudget: once the logged cost reaches session_budget_usd the session is not reviewed;
// without a budget the log is never read for it; turning the supervisor on gives a new budget.
func TestSessionBudget(t *testing.T) {
	costly := `echo review >> "$REVIEWS"` + "\n" +
		fakereview.Script(fakereview.With(fakereview.Output(fakereview.Verdict(false, "more")), "total_cost_usd", 0.03))
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"session_budget_usd":0.05}}`, costly)
	reviews := e.Dir + "/reviews"
	opts := optsOf(e)
	opts.Environ = func() []string { return []string{"REVIEWS=" + reviews, "PATH=/usr/bin:/bin"} }
	for i := range 2 {
		if out, err := run(context.Background(), hooktest.Stop("b"), opts); err != nil || out.Decision != "block" {
			t.Fatalf("review %d: %+v, %v", i+1, out, err)
		}
	}
	out, err := run(context.Background(), hooktest.Stop("b"), opts)
	if err != nil || out.Decision != "" || !strings.Contains(out.SystemMessage, "cost $0.0600, its budget (supervisor.session_budget_usd $0.0500)") {
		t.Fatalf("at the budget: %+v, %v", out, err)
	}
	if n := hooktest.Reviews(t, reviews); n != 2 {
		t.Errorf("reviews = %d, want 2", n)
	}
	if err := (&Switch{Store: storeOf(e)}).Set(context.Background(), "b", true, false); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if out, err := run(context.Background(), hooktest.Stop("b"), opts); err != nil || out.Decision != "block" {
			t.Fatalf("review %d after supervisor on: %+v, %v; want a review", i+1, out, err)
		}
	}
	// The new budget counts from $0.06: two more reviews spend it again.
	if out, _ := run(context.Background(), hooktest.Stop("b"), opts); !strings.Contains(out.SystemMessage, "this session's reviews cost $0.0600,") ||
		out.Reason == nil || !strings.Contains(*out.Reason, "($0.0600 of session_budget_usd $0.0500)") {
		t.Errorf("at the new budget: %+v, want $0.0600 spent since, to the user and in the reason", out)
	}
	// No budget: the log is not read for it, whatever it holds.
	e2 := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
	if err := storeOf(e2).Append("n", Decision{Decision: DecisionBlock, Usage: reviewer.Usage{CostUSD: 5}}); err != nil {
		t.Fatal(err)
	}
	s := &supervision{opts: optsOf(e2), ev: hooktest.Stop("n"), store: storeOf(e2)}
	if got := s.spent(); got != 0 {
		t.Errorf("spent without a budget = %v, want 0 (the log is not read)", got)
	}
	s.opts.Config.SessionBudgetUSD = 1
	if got := s.spent(); got != 5 {
		t.Errorf("spent with a budget = %v, want the logged 5", got)
	}
}

// TestHandleQuietWhenAllIsWell: a review, a wait, a capped stop and a budgeted session write no
// warning to the hook's stderr; an unreadable state does.
func TestHandleQuietWhenAllIsWell(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":1,"session_budget_usd":5}}`, hooktest.AllowScript)
	var stderr strings.Builder
	opts := optsOf(e)
	opts.Stderr = &stderr
	for _, ev := range []*event.Event{hooktest.Stop("q"), hooktest.Stop("q"), ask("q")} {
		if _, err := run(context.Background(), ev, opts); err != nil {
			t.Fatal(err)
		}
	}
	opts.Waiting = true
	if _, err := run(context.Background(), hooktest.Stop("q"), opts); err != nil {
		t.Fatal(err)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr:\n%s\nwant nothing", stderr.String())
	}
	e.Write(storeOf(e).Path("bad"), "{not json", 0o600)
	opts.Waiting = false
	if _, err := run(context.Background(), hooktest.Stop("bad"), opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "cannot read or keep the supervisor's on/off state") {
		t.Errorf("stderr %q, want the unreadable state named", stderr.String())
	}
}

// TestHandleUsesItsClockAndConfig: the hook's clock stamps the state, and the config the router
// read decides, not a second reading of ccc.json.
func TestHandleUsesItsClockAndConfig(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":false}}`, hooktest.AllowScript)
	at := time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)
	opts := optsOf(e)
	opts.Now = func() time.Time { return at }
	opts.Config.Enabled = true
	out, err := run(context.Background(), hooktest.Stop("c"), opts)
	if err != nil || out == nil || out.Reason == nil || *out.Reason != "ok" {
		t.Fatalf("got %+v, %v; want the review the loaded config turns on", out, err)
	}
	st, _, err := storeOf(e).Load("c")
	if err != nil || !st.CreatedAt.Equal(at) || !st.UpdatedAt.Equal(at) {
		t.Errorf("state %+v (%v), want it stamped %s", st, err, at)
	}
	// Without a loaded config (the CLI), the switch reads ccc.json.
	on, err := NewSwitch(e.Hook()).Default()
	if err != nil || on {
		t.Errorf("Default() = %v, %v; want ccc.json's off", on, err)
	}
}

// TestBlockWithoutFeedback: a blocking verdict without feedback blocks with the standard words.
func TestBlockWithoutFeedback(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.ReviewScript(false, ""))
	out, err := run(context.Background(), hooktest.Stop("n"), optsOf(e))
	if err != nil || out.Decision != "block" || *out.Reason != reviewer.NoVerdictFeedback {
		t.Errorf("got %+v, %v; want a block with %q", out, err, reviewer.NoVerdictFeedback)
	}
}
