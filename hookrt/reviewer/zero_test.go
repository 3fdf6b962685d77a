//go:build unix

package reviewer

import (
	"context"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
)

// TestZeroRequest: a Request left empty is refused, never run without the read-only hook; one
// with only what it cannot do without (the program, the session, the hook) runs under the
// default time limit, not an expired one, and its commands stay bounded.
func TestZeroRequest(t *testing.T) {
	if _, _, err := Run(context.Background(), Request{}); err == nil {
		t.Fatal("an empty request ran")
	}
	claude := fakeClaude(t, hooktest.ReviewScript(true, "ok"))
	v, _, err := Run(context.Background(), Request{Program: claude, SessionID: "s", Guard: GuardOf("ccc-hooks")})
	if err != nil || !v.AllowStop {
		t.Fatalf("a request with no time limit: %+v, %v; want the review run under the default limit", v, err)
	}
	if CommandBound(0) > 0 {
		t.Fatal("CommandBound(0) bounds commands: the test below proves nothing")
	}
	if got := CommandBound(Request{}.timeout()); got <= 0 {
		t.Errorf("the default limit bounds each command at %v", got)
	}
}
