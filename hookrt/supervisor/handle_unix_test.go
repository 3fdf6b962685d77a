//go:build unix

package supervisor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// TestHandleTimeoutKillsProcessGroup runs a reviewer that hangs with a child of its own: the hook
// must return soon after the limit and leave neither process behind.
func TestHandleTimeoutKillsProcessGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("checks processes through /proc")
	}
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, "sleep 60 &\necho $! > \"$PIDS\"\necho $$ >> \"$PIDS\"\nsleep 60\n")
	pids := filepath.Join(e.Dir, "pids")
	t.Setenv("PIDS", pids)
	opts := optsOf(e)
	opts.Review.Timeout = 500 * time.Millisecond

	// Two sessions: each review is the first to fail in its session (see TestHandleFailingReviews).
	for _, ev := range []*event.Event{hooktest.Stop("slow"), {SessionID: "slow-ask", Name: event.PreToolUse, ToolName: event.AskUserQuestion}} {
		_ = os.Remove(pids)
		start := time.Now()
		out, err := run(context.Background(), ev, opts)
		elapsed := time.Since(start)
		if elapsed > 30*time.Second { // the reviewer sleeps 60 s; the answer's writes may take seconds on a loaded machine
			t.Errorf("%s: returned after %s", ev.Name, elapsed)
		}
		if ev.Name == event.Stop {
			var failed *ReviewFailedError
			if !errors.As(err, &failed) || err.Error() != "supervisor SDK failed: review timed out after 500ms" {
				t.Errorf("Stop: got %v, %v", out, err)
			}
		} else if err != nil || out.HookSpecificOutput.PermissionDecision != "deny" ||
			out.HookSpecificOutput.PermissionDecisionReason != "supervisor review failed: review timed out after 500ms" {
			t.Errorf("PreToolUse: got %+v, %v", out, err)
		}
		data, err := os.ReadFile(pids)
		if err != nil {
			t.Fatalf("the fake did not start: %v", err)
		}
		for _, f := range strings.Fields(string(data)) {
			pid, _ := strconv.Atoi(f)
			testproc.WaitGone(t, pid, 10*time.Second)
		}
	}
}
