package supervisor

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
)

func TestHandleConcurrentCount(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.AllowScript)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := run(context.Background(), hooktest.Stop("same"), optsOf(e))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, _, err := storeOf(e).Load("same")
	if err != nil || st.Count != n {
		t.Fatalf("count %d (%v), want %d", st.Count, err, n)
	}
}

func TestHandleConcurrentCountStopsAtCap(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":7}}`, hooktest.AllowScript)
	var wg sync.WaitGroup
	var mu sync.Mutex
	capped := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := run(context.Background(), hooktest.Stop("same"), optsOf(e))
			if err != nil {
				t.Error(err)
				return
			}
			if strings.Contains(*out.Reason, "cap reached (7 of max_iterations 7)") {
				mu.Lock()
				capped++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st, _, _ := storeOf(e).Load("same")
	if st.Count != 7 || capped != 13 {
		t.Fatalf("count %d, capped %d; want 7 and 13", st.Count, capped)
	}
}

// TestHandleRefusesUnguardedReview: with allowManagedHooksOnly in managed settings Claude Code would
// ignore the reviewer's read-only hook, so no reviewer starts and the review fails, naming why,
// before anything is built for it: the wall is not tried.
func TestHandleRefusesUnguardedReview(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n"+hooktest.AllowScript)
	opts := optsOf(e)
	probed := false
	opts.Review.Probe = func(ctx context.Context) error { probed = true; return noWall(ctx) }
	e.Write(opts.Review.ManagedSettings, `{"allowManagedHooksOnly": true}`, 0o644)
	_, err := run(context.Background(), hooktest.Stop("m"), opts)
	var failed *ReviewFailedError
	var unguarded *reviewer.UnguardedError
	if !errors.As(err, &failed) || !errors.As(err, &unguarded) || unguarded.Path != opts.Review.ManagedSettings {
		t.Fatalf("Run = %v, want a failed review naming %s", err, opts.Review.ManagedSettings)
	}
	if _, err := os.Stat(e.Vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("the reviewer ran")
	}
	if probed {
		t.Error("the wall was tried for a review that was refused")
	}
	e.Write(opts.Review.ManagedSettings, `{"allowManagedHooksOnly": false}`, 0o644)
	if out, err := run(context.Background(), hooktest.Stop("m2"), opts); err != nil || out == nil || *out.Reason != "ok" {
		t.Fatalf("Run with allowManagedHooksOnly false = %+v, %v; want the review's allow", out, err)
	}
}

// TestReviewLine: the line the user sees after a review says what the verdict did, the review's
// number against the cap and its cost, or that claude reported none; a tool call other than a
// question gets no answer, and no line.
func TestReviewLine(t *testing.T) {
	tests := []struct {
		event, decision string
		cost            float64
		want            string
	}{
		{event.Stop, DecisionBlock, 0.0421, "ccc-hooks supervisor: sent the agent back to work (review 3 of 20, $0.0421)."},
		{event.Stop, DecisionAllow, 0, "ccc-hooks supervisor: allowed the stop (review 3 of 20, cost not reported)."},
		{event.PreToolUse, DecisionDeny, 1.5, "ccc-hooks supervisor: sent the question back (review 3 of 20, $1.5000)."},
		{event.PreToolUse, DecisionAllow, 0.00004, "ccc-hooks supervisor: let the question through (review 3 of 20, $0.0000)."},
	}
	for _, tt := range tests {
		rec := &Decision{Event: tt.event, Decision: tt.decision, Count: 3, Max: 20, Usage: reviewer.Usage{CostUSD: tt.cost}}
		if got := withReviewLine(&event.Output{SystemMessage: "replaced"}, rec, ""); got.SystemMessage != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.event, tt.decision, got.SystemMessage, tt.want)
		}
	}
	if got := withReviewLine(nil, &Decision{Event: event.PreToolUse}, ""); got != nil {
		t.Errorf("no answer got the line: %+v", got)
	}
}
