package supervisor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// TestUsageLimitOf: Claude Code's report of a usage limit (api_error usage_limit_reached, or its
// words "You've hit your … limit") is one; its report of any other 429 (an API key's "Request
// rejected (429)", no reset named) and other failures are not.
func TestUsageLimitOf(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		ok     bool
		limit  string
		resets string
	}{
		{
			"as 2.1.332 reports it", &reviewer.ReportedError{Msg: "You've hit your 5-hour limit · resets 8:18am (Europe/London)", APIError: "usage_limit_reached"},
			true, "5-hour limit", "8:18am (Europe/London)",
		},
		{
			"the words alone", &reviewer.ReportedError{Msg: "You've hit your weekly limit · resets Dec 5, 8am (UTC) · progress saved"},
			true, "weekly limit", "Dec 5, 8am (UTC)",
		},
		{"the older wording", &reviewer.ReportedError{Msg: "You've hit your session limit · resets 3pm"}, true, "session limit", "3pm"},
		{"no reset named", &reviewer.ReportedError{Msg: "You've hit your Opus limit", APIError: "usage_limit_reached"}, true, "Opus limit", ""},
		{"wrapped", &ReviewFailedError{Err: &reviewer.ReportedError{Msg: "You've hit your 5-hour limit · resets 9am (UTC)"}}, true, "5-hour limit", "9am (UTC)"},
		{"an API key's 429", &reviewer.ReportedError{Msg: "API Error: Request rejected (429) · This request would exceed your account's rate limit."}, false, "", ""},
		{"another refusal", &reviewer.ReportedError{Msg: "API Error: 400 the request was refused"}, false, "", ""},
		{"a timeout", &reviewer.TimeoutError{After: time.Minute}, false, "", ""},
		{"no error", nil, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, ok := UsageLimitOf(tt.err)
			if ok != tt.ok || u.Limit != tt.limit || u.Resets != tt.resets {
				t.Errorf("UsageLimitOf = %+v, %v; want limit %q, resets %q, %v", u, ok, tt.limit, tt.resets, tt.ok)
			}
		})
	}
}

// TestUsageLimitReset: the reset is read as Claude Code writes it: the time alone within a day
// (the next one, a reset in the minute now ending counting as now), with the date beyond, with the
// year when it is not this one; in the zone named, else the local one. What cannot be read gives
// no time.
func TestUsageLimitReset(t *testing.T) {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Skipf("no zone data: %v", err)
	}
	now := time.Date(2026, 11, 28, 6, 19, 30, 0, time.UTC)
	tests := []struct {
		resets string
		want   time.Time
		ok     bool
	}{
		{"8:18am (Europe/London)", time.Date(2026, 11, 28, 8, 18, 0, 0, london), true},
		{"8am (UTC)", time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC), true},
		{"12am (UTC)", time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC), true},
		{"1am (UTC)", time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC), true},
		{"8:59am (UTC)", time.Date(2026, 11, 28, 8, 59, 0, 0, time.UTC), true},
		{"8:60am (UTC)", time.Time{}, false},
		{"0am (UTC)", time.Time{}, false},
		{"12:30pm (UTC)", time.Date(2026, 11, 28, 12, 30, 0, 0, time.UTC), true},
		{"6:19am (UTC)", time.Date(2026, 11, 28, 6, 19, 0, 0, time.UTC), true}, // the minute now ending
		{"6:05am (UTC)", time.Date(2026, 11, 29, 6, 5, 0, 0, time.UTC), true},  // past: tomorrow's
		{"5:30am (America/New_York)", time.Date(2026, 11, 28, 10, 30, 0, 0, time.UTC), true},
		{"Dec 5, 8:18am (UTC)", time.Date(2026, 12, 5, 8, 18, 0, 0, time.UTC), true},
		{"Jan 2, 2027, 8am (UTC)", time.Date(2027, 1, 2, 8, 0, 0, 0, time.UTC), true},
		{"9pm", time.Date(2026, 11, 28, 21, 0, 0, 0, time.Local), true},
		{"Feb 30, 8am (UTC)", time.Time{}, false},
		{"8:18am (Mars/Olympus)", time.Time{}, false},
		{"13pm (UTC)", time.Time{}, false},
		{"soon", time.Time{}, false},
		{"", time.Time{}, false},
	}
	for _, tt := range tests {
		got, ok := UsageLimit{Resets: tt.resets}.Reset(now)
		if ok != tt.ok || !got.Equal(tt.want) {
			t.Errorf("Reset(%q) = %v, %v; want %v, %v", tt.resets, got, ok, tt.want, tt.ok)
		}
	}
}

// TestStandAsideUntil: the supervisor stands aside until the reset; a reset it cannot read, for a
// short wait; a reset already past, a minute; never more than eight days.
func TestStandAsideUntil(t *testing.T) {
	now := time.Date(2026, 11, 28, 6, 19, 30, 0, time.UTC)
	tests := []struct {
		resets string
		want   time.Time
		read   bool
	}{
		{"8:18am (UTC)", time.Date(2026, 11, 28, 8, 18, 0, 0, time.UTC), true},
		{"6:19am (UTC)", now.Add(minQuotaWait), true},
		{"Nov 30, 2027, 8am (UTC)", now.Add(maxQuotaWait), true},
		{"whenever", now.Add(unreadResetWait), false},
	}
	for _, tt := range tests {
		got, read := UsageLimit{Resets: tt.resets}.standAsideUntil(now)
		if !got.Equal(tt.want) || read != tt.read {
			t.Errorf("standAsideUntil(%q) = %v, %v; want %v, %v", tt.resets, got, read, tt.want, tt.read)
		}
	}
}

// limitScript is a reviewer whose account hit its 5-hour limit, resetting at resets (written as
// Claude Code writes it), printing what the real claude prints then (captured: fakereview), and
// counting its runs in $REVIEWS.
func limitScript(resets string) string {
	return `echo review >> "$REVIEWS"` + "\n" +
		fakereview.Script(fakereview.LimitHit("You've hit your 5-hour limit · resets "+resets)) + "exit 1\n"
}

// quotaEnv is a hook run whose reviewer hit its usage limit (limitScript, resetting at 8:18am
// UTC), at 6:19 UTC by the clock of the returned options.
func quotaEnv(t *testing.T, script string) (*hooktest.Env, Options, *time.Time, func() int) {
	t.Helper()
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, script)
	reviews := filepath.Join(e.Dir, "reviews")
	e.Vars["REVIEWS"] = reviews
	opts := optsOf(e)
	opts.Environ = func() []string { return []string{"REVIEWS=" + reviews, "PATH=/usr/bin:/bin"} }
	now := time.Date(2026, 11, 28, 6, 19, 30, 0, time.UTC)
	opts.Now = func() time.Time { return now }
	count := func() int {
		data, _ := os.ReadFile(reviews)
		return strings.Count(string(data), "review\n")
	}
	return e, opts, &now, count
}

// TestHandleUsageLimit: a Stop whose review meets the account's usage limit is let through with
// one line saying until when the supervisor stands aside; no failure is counted. Until the reset,
// no event of any session on the account starts a review: each session is told once, then let
// through in silence, and the decision log records each. At the reset, reviews resume.
func TestHandleUsageLimit(t *testing.T) {
	e, opts, now, reviews := quotaEnv(t, limitScript("8:18am (UTC)"))
	const first = "ccc-hooks: the supervisor's review hit the account's usage limit (You've hit your 5-hour limit · resets 8:18am (UTC)); " +
		"the supervisor stands aside for every session on this account until 8:18am (UTC). See `ccc-hooks supervisor status`."
	out, err := run(context.Background(), hooktest.Stop("q1"), opts)
	if err != nil || out == nil || out.Decision != "" || out.SystemMessage != first || out.Reason == nil ||
		*out.Reason != "the review failed on the account's usage limit (You've hit your 5-hour limit · resets 8:18am (UTC)); "+
			"the supervisor stands aside until 8:18am (UTC)" {
		t.Fatalf("the review that met the limit: %+v, %v; want the stop let through with %q", out, err, first)
	}
	st, _, _ := storeOf(e).Load("q1")
	if st.FailedReviews != 0 {
		t.Errorf("failed reviews = %d, want 0: the quota is no failure of the reviewer", st.FailedReviews)
	}

	*now = now.Add(30 * time.Minute)
	out, err = run(context.Background(), hooktest.Stop("q1"), opts)
	if err != nil || out == nil || out.Decision != "" || out.SystemMessage != "" || out.Reason == nil ||
		*out.Reason != "the reviewer's account hit its usage limit (You've hit your 5-hour limit · resets 8:18am (UTC)); the supervisor stands aside until 8:18am (UTC)" {
		t.Fatalf("the next stop of the session: %+v, %v; want it let through in silence", out, err)
	}
	const other = "ccc-hooks: the supervisor stands aside until 8:18am (UTC): its reviewer's account hit its usage limit " +
		"(You've hit your 5-hour limit · resets 8:18am (UTC)). See `ccc-hooks supervisor status`."
	out, err = run(context.Background(), ask("q2"), opts)
	if err != nil || out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "allow" || out.SystemMessage != other {
		t.Fatalf("another session's question: %+v, %v; want it let through, told once", out, err)
	}
	if out, _ := run(context.Background(), ask("q2"), opts); out == nil || out.SystemMessage != "" {
		t.Errorf("that session's next question: %+v, want no second line", out)
	}
	if n := reviews(); n != 1 {
		t.Errorf("reviews run = %d, want 1 (none while standing aside)", n)
	}
	// The decision log records each with the session's count of reviews: the review that met the
	// limit counted, the events let through did not.
	for session, want := range map[string]string{"q1": "quota 1, quota-wait 1", "q2": "quota-wait 0, quota-wait 0"} {
		decisions, _, _ := storeOf(e).ReadLog(session)
		var got []string
		for _, d := range decisions {
			got = append(got, fmt.Sprintf("%s %d", d.Decision, d.Count))
		}
		if strings.Join(got, ", ") != want {
			t.Errorf("session %s logged %v, want %s", session, got, want)
		}
	}

	*now = time.Date(2026, 11, 28, 8, 18, 0, 0, time.UTC)
	e.Write(e.Vars["CCC_CLAUDE"], "#!/bin/sh\n"+hooktest.BlockScript, 0o755)
	out, err = run(context.Background(), hooktest.Stop("q2"), opts)
	if err != nil || out == nil || out.Decision != "block" || reviews() != 2 {
		t.Fatalf("at the reset: %+v, %v, %d reviews; want a review that blocks", out, err, reviews())
	}
}

// TestUsageLimitPerAccount: the stand-aside holds for reviews on the account that met the limit:
// a session whose reviewer talks to another endpoint (or signs in elsewhere) is reviewed. A limit
// that names a model holds for the session that met it alone.
func TestUsageLimitPerAccount(t *testing.T) {
	e, opts, _, reviews := quotaEnv(t, limitScript("8:18am (UTC)"))
	if out, _ := run(context.Background(), hooktest.Stop("a1"), opts); out == nil || !strings.Contains(out.SystemMessage, "stands aside") {
		t.Fatalf("the limit: %+v", out)
	}
	e.Vars["ANTHROPIC_BASE_URL"] = "https://gateway.example"
	if _, err := run(context.Background(), hooktest.Stop("a2"), opts); reviews() != 2 {
		t.Errorf("another account's stop: %d reviews (%v), want it reviewed", reviews(), err)
	}
	delete(e.Vars, "ANTHROPIC_BASE_URL")

	_, opts2, _, reviews2 := quotaEnv(t, `echo review >> "$REVIEWS"`+"\n"+
		fakereview.Script(fakereview.LimitHit("You've hit your Opus limit · resets 8:18am (UTC)"))+"exit 1\n")
	out, _ := run(context.Background(), hooktest.Stop("m1"), opts2)
	if out == nil || !strings.Contains(out.SystemMessage, "stands aside for this session until 8:18am (UTC)") {
		t.Fatalf("a model's limit: %+v", out)
	}
	if _, _ = run(context.Background(), hooktest.Stop("m2"), opts2); reviews2() != 2 {
		t.Errorf("another session under a model's limit: %d reviews, want it reviewed", reviews2())
	}
	if _, _ = run(context.Background(), hooktest.Stop("m1"), opts2); reviews2() != 2 {
		t.Errorf("the session that met the model's limit: %d reviews, want none more", reviews2())
	}
}

// TestUsageLimitUnreadReset: a reset the hook cannot read stands the supervisor aside for a short
// wait, said as a time, and then it tries again.
func TestUsageLimitUnreadReset(t *testing.T) {
	_, opts, now, reviews := quotaEnv(t, limitScript("when the moon is full"))
	out, _ := run(context.Background(), hooktest.Stop("u1"), opts)
	if out == nil || !strings.Contains(out.SystemMessage, "until Nov 28 06:24 UTC (Claude Code named no reset this can read, so it tries again then)") {
		t.Fatalf("an unread reset: %+v", out)
	}
	*now = now.Add(unreadResetWait)
	if _, _ = run(context.Background(), hooktest.Stop("u1"), opts); reviews() != 2 {
		t.Errorf("after the wait: %d reviews, want the review tried again", reviews())
	}
}

// TestUsageLimitBrokenRecord: a record of usage limits that cannot be read stands nobody aside:
// the event is reviewed (a review more, never one skipped).
func TestUsageLimitBrokenRecord(t *testing.T) {
	e, opts, _, reviews := quotaEnv(t, `echo review >> "$REVIEWS"`+"\n"+hooktest.AllowScript)
	e.Write(filepath.Join(e.Home(), quotaFile), "{not json", 0o600)
	if out, err := run(context.Background(), hooktest.Stop("b1"), opts); err != nil || out == nil || reviews() != 1 {
		t.Errorf("with a broken record: %+v, %v, %d reviews; want a review", out, err, reviews())
	}
}
