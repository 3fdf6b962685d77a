//go:build unix

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Texts of the usage-limit scenario.
const (
	limitFirst  = "Implement the parser."
	limitSecond = "Now the docs."
	limitDone   = "Done."
	// limitLine is how the line the user sees after the review that met the limit begins.
	limitLine = "ccc-hooks: the supervisor's review hit the account's usage limit (You've hit your 5-hour limit · resets "
)

// TestUsageLimitTyped: the reviewer's account hits its usage limit, as the API tells a gateway's
// account (a 429 with the unified rate limiter's headers: UsageLimit), typed in tmux in the real
// Claude Code. The first stop's review meets it: the turn ends, and the session shows one line
// saying until when the supervisor stands aside (the reset Claude Code itself named). The next
// stop starts no review (no request of the reviewer reaches the API) and shows nothing more; the
// decision log keeps the two apart from failures (quota, quota-wait), and `supervisor status`
// says until when.
func TestUsageLimitTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	resets := time.Now().Add(133 * time.Minute).Truncate(time.Minute)
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return UsageLimit(resets)
		}
		return Say(limitDone)
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	// The reviewer signs in with a gateway's token; the agent's session is as in every test.
	reviewer := filepath.Join(sc.Root, "gateway-claude.sh")
	sc.WriteFile(t, reviewer, "#!/bin/sh\nANTHROPIC_AUTH_TOKEN='"+GatewayToken()+"' exec '"+sc.Claude.Path+"' \"$@\"\n", 0o755)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, "env", "CCC_CLAUDE="+reviewer, sc.Claude.Path, "--session-id", session, "--permission-mode", "default")
	term.WaitScreen(t, 60*time.Second, "? for shortcuts")

	typeLine(t, term, limitFirst)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:quota")
	screen := term.WaitScreen(t, 30*time.Second, limitLine)
	clock := resetClock(resets)
	if !strings.Contains(strings.ReplaceAll(screen, "\n", " "), limitLine) || !strings.Contains(screen, clock) {
		t.Errorf("the screen lacks the line naming the reset %s:\n%s", clock, screen)
	}

	typeLine(t, term, limitSecond)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "Stop:quota", "Stop:quota-wait")
	time.Sleep(time.Second) // whatever else the turn shows
	screen = term.Screen()
	if n := strings.Count(screen, "ccc-hooks"); n != 2 {
		t.Errorf("the screen names ccc-hooks %d times, want twice (the one line):\n%s", n, screen)
	}
	for _, bad := range []string{"hook failed", "SDK failed", "hook error"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, screen)
		}
	}
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("reviews that reached the API: %d, want 1 (none while standing aside)", n)
	}
	status := sc.MustCCC(t, sc.product, "supervisor", "status", "--session", session).Stdout
	if want := "standing aside until " + clock + " (UTC) for every session on the reviewer's account"; !strings.Contains(status, want) {
		t.Errorf("supervisor status:\n%s\nwant %q", status, want)
	}
}

// resetClock writes a reset time as Claude Code names it in its usage-limit message: "1:13pm",
// and on the hour without the minutes, "1pm" (seen on 2.1.328 and 2.1.332 with a reset at 13:00:
// "resets 1pm (UTC)").
func resetClock(t time.Time) string {
	if t.Minute() == 0 {
		return t.Format("3pm")
	}
	return t.Format("3:04pm")
}

// rateLine is how the line the user sees after the review that met a rate limit begins.
const rateLine = "ccc-hooks: the supervisor's reviewer is rate-limited (API Error: Request rejected (429) · "

// TestRateLimitTyped: the reviewer's API key meets a rate limit that names no reset (a 429 with
// none of the unified limiter's headers: RateLimit), typed in tmux in the real Claude Code. The
// first stop's review meets it after Claude Code's own retry: the turn ends, and the session shows
// one line saying that the supervisor stands aside for a short time that doubles while the limit
// holds. The next stop starts no review (no request of the reviewer reaches the API) and shows
// nothing more; `supervisor status` says until when.
func TestRateLimitTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return RateLimit()
		}
		return Say(limitDone)
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	// The reviewer retries once, as Claude Code retries a 429 (ten times by default, each after the
	// server's retry-after).
	reviewer := filepath.Join(sc.Root, "retry-once-claude.sh")
	sc.WriteFile(t, reviewer, "#!/bin/sh\nCLAUDE_CODE_MAX_RETRIES=1 exec '"+sc.Claude.Path+"' \"$@\"\n", 0o755)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, "env", "CCC_CLAUDE="+reviewer, sc.Claude.Path, "--session-id", session, "--permission-mode", "default")
	term.WaitScreen(t, 60*time.Second, "? for shortcuts")

	typeLine(t, term, limitFirst)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:quota")
	screen := term.WaitScreen(t, 30*time.Second, "rate-limited")
	if joined := oneLine(screen); !strings.Contains(joined, rateLine+strings.TrimSuffix(rateLimitMessage, ".")+"), with no reset named") ||
		!strings.Contains(joined, "for a short time that doubles while the limit holds") {
		t.Errorf("the screen lacks the line naming the rate limit:\n%s", screen)
	}
	met := len(sc.api.Supervisor())
	if met != 2 {
		t.Errorf("requests of the review that met the limit: %d, want 2 (Claude Code retried once)", met)
	}

	typeLine(t, term, limitSecond)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "Stop:quota", "Stop:quota-wait")
	time.Sleep(time.Second) // whatever else the turn shows
	screen = term.Screen()
	if n := strings.Count(screen, "rate-limited"); n != 1 {
		t.Errorf("the screen names the rate limit %d times, want once:\n%s", n, screen)
	}
	for _, bad := range []string{"hook failed", "SDK failed", "hook error"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, screen)
		}
	}
	if n := len(sc.api.Supervisor()); n != met {
		t.Errorf("reviewer requests: %d, want %d (none while standing aside)", n, met)
	}
	status := sc.MustCCC(t, sc.product, "supervisor", "status", "--session", session).Stdout
	if want := "was rate-limited, with no reset named"; !strings.Contains(oneLine(status), want) ||
		!strings.Contains(status, "standing aside until ") {
		t.Errorf("supervisor status:\n%s\nwant %q and until when", status, want)
	}
}
