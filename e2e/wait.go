//go:build unix

package e2e

import (
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
