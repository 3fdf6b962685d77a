package supervisor

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// rateMessage is Claude Code's report of a rate limit that names no reset, as captured.
const rateMessage = "API Error: Request rejected (429) · This request would exceed your organization's rate limit. Please try again later."

// TestRateLimitOf: a review whose claude prints what each tested Claude Code printed for a review
// refused by a rate limit with no reset named (captured: fakereview.RateLimit), and exits 1 as it
// does, fails with an error that reads as one; a usage limit (which names its reset) and other
// refusals do not.
func TestRateLimitOf(t *testing.T) {
	for _, v := range claudeversion.Tested() {
		for name, want := range map[string]bool{fakereview.RateLimit: true, fakereview.UsageLimit: false, fakereview.APIError: false} {
			data, err := fakereview.Captured(v.String(), name)
			if err != nil {
				t.Fatalf("%s of %s: %v", name, v, err)
			}
			out := filepath.Join(t.TempDir(), "out")
			testfs.Write(t, out, string(data), 0o600)
			claude := filepath.Join(t.TempDir(), "claude")
			testfs.Write(t, claude, "#!/bin/sh\ncat '"+out+"'\nexit 1\n", 0o755)
			_, _, err = reviewer.Run(context.Background(), reviewer.Request{Program: claude, SessionID: "s", Guard: reviewer.GuardOf("ccc-hooks")})
			u, ok := rateLimitOf(err)
			if ok != want || ok && u.Message != rateMessage {
				t.Errorf("%s of %s: rateLimitOf(%v) = %+v, %v; want %v", name, v, err, u, ok, want)
			}
		}
	}
	if _, ok := rateLimitOf(&reviewer.TimeoutError{After: time.Minute}); ok {
		t.Error("a timeout reads as a rate limit")
	}
}

// TestHandleRateLimit: a review that meets a rate limit with no reset named lets the event
// through, counts no failure, and stands the supervisor aside for every session on the account:
// a minute, then twice as long each time the next review meets it again, never more than half an
// hour. Each session is told once while the limit holds, however the wait grows; `supervisor
// status`'s record says until when. A review that succeeds ends the run: the next rate limit
// waits a minute again, and is told again.
func TestHandleRateLimit(t *testing.T) {
	limited := `echo review >> "$REVIEWS"` + "\n" + fakereview.Script(fakereview.RateLimited(rateMessage)) + "exit 1\n"
	e, opts, now, reviews := quotaEnv(t, limited)
	start := *now
	until := func() time.Time {
		t.Helper()
		standing, err := storeOf(e).Quotas(*now)
		if err != nil || len(standing) != 1 || !standing[0].RateLimit {
			t.Fatalf("standing aside: %+v, %v; want one rate limit", standing, err)
		}
		return standing[0].Until
	}

	out, err := run(context.Background(), hooktest.Stop("r1"), opts)
	want := "ccc-hooks: the supervisor's reviewer is rate-limited (" + strings.TrimSuffix(rateMessage, ".") + "), with no reset named; " +
		"the supervisor stands aside for every session on this account for a short time that doubles while the limit holds " +
		"(now until Nov 28 06:20 UTC). See `ccc-hooks supervisor status`."
	if err != nil || out == nil || out.Decision != "" || out.SystemMessage != want {
		t.Fatalf("the review that met the limit: %+v, %v; want the stop let through, saying\n%s", out, err, want)
	}
	if st, _, _ := storeOf(e).Load("r1"); st.FailedReviews != 0 {
		t.Errorf("failed reviews = %d, want 0: a rate limit is no failure of the reviewer", st.FailedReviews)
	}
	if got := until(); !got.Equal(start.Add(time.Minute)) {
		t.Errorf("stands aside until %v, want a minute", got)
	}

	*now = start.Add(30 * time.Second)
	if out, _ := run(context.Background(), hooktest.Stop("r1"), opts); out == nil || out.SystemMessage != "" {
		t.Errorf("the session's next stop: %+v, want it let through in silence", out)
	}
	if out, _ := run(context.Background(), ask("r2"), opts); out == nil || !strings.HasPrefix(out.SystemMessage, "ccc-hooks: the supervisor's reviewer is rate-limited") {
		t.Errorf("another session's question: %+v, want it told once", out)
	}
	if n := reviews(); n != 1 {
		t.Fatalf("reviews run = %d, want 1 (none while standing aside)", n)
	}

	// The limit holds: each review after a stand-aside meets it, and the wait doubles, up to half
	// an hour; the sessions are not told again.
	for i, wait := range []time.Duration{2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 16 * time.Minute, 30 * time.Minute, 30 * time.Minute} {
		*now = until()
		out, err := run(context.Background(), hooktest.Stop("r1"), opts)
		if err != nil || out == nil || out.SystemMessage != "" || reviews() != i+2 {
			t.Fatalf("review %d: %+v, %v, %d reviews; want it run, met, and not told again", i+2, out, err, reviews())
		}
		if got := until().Sub(*now); got != wait {
			t.Errorf("review %d: stands aside for %v, want %v", i+2, got, wait)
		}
	}

	// A review that succeeds ends the run.
	*now = until()
	e.Write(e.Vars["CCC_CLAUDE"], "#!/bin/sh\n"+hooktest.BlockScript, 0o755)
	if out, err := run(context.Background(), hooktest.Stop("r1"), opts); err != nil || out == nil || out.Decision != "block" {
		t.Fatalf("the review after the limit: %+v, %v; want it to block", out, err)
	}
	e.Write(e.Vars["CCC_CLAUDE"], "#!/bin/sh\n"+limited, 0o755)
	*now = now.Add(time.Minute)
	out, _ = run(context.Background(), hooktest.Stop("r1"), opts)
	if out == nil || !strings.Contains(out.SystemMessage, "rate-limited") {
		t.Errorf("a new rate limit: %+v, want the session told again", out)
	}
	if got := until().Sub(*now); got != time.Minute {
		t.Errorf("a new rate limit stands aside for %v, want a minute", got)
	}
}
