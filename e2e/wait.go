//go:build unix

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// pollInterval is how often waits re-check their condition.
const pollInterval = 100 * time.Millisecond

// Eventually polls cond until it holds, failing the test with what (and the
// output of describe, when given) if it still does not after timeout.
func Eventually(t testing.TB, timeout time.Duration, what string, cond func() bool, describe func() string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			msg := ""
			if describe != nil {
				msg = "\n" + describe()
			}
			t.Fatalf("timed out after %s waiting for %s%s", timeout, what, msg)
		}
		time.Sleep(pollInterval)
	}
}

// turnRunning is what Claude Code's status line, under its input box, says while a turn runs:
// from just after the turn starts until it is over, through every hook, a Stop hook's blocks and
// the model's answers after them; once the turn is over the line offers shortcuts or a mode to
// cycle instead (seen on 2.1.328 and 2.1.332, in manual and auto mode; docs/claude-code.md, "When
// a turn is over"; TestIdleOnlyWhenTheTurnIsOver).
const turnRunning = "esc to interrupt"

// Idle reports whether screen shows Claude Code with no turn running: its input box is there,
// and its status line does not offer to interrupt.
func Idle(screen string) bool {
	return strings.Contains(screen, "❯") && !strings.Contains(screen, turnRunning)
}

// WaitTurnOver waits until Claude Code shows that its turn is over (on the visible screen, where
// its status line is): everything the turn does, its hooks and their reviews included, has
// happened, and nothing more will until the user types or background work it started ends. Call
// it once the turn has been seen to run (a line of its on screen, a decision logged): before a
// turn starts the screen is idle too.
func (term *Terminal) WaitTurnOver(t testing.TB, timeout time.Duration) {
	t.Helper()
	visible := func() string { return term.capture(false) }
	Eventually(t, timeout, "Claude Code to show its turn is over (no "+strconv.Quote(turnRunning)+")", func() bool {
		return Idle(visible())
	}, visible)
}
