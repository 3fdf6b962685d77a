package hookrt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// blockScript is a reviewer that always blocks and appends a line to $REVIEWS per review.
const blockScript = `echo review >> "$REVIEWS"
echo '{"type":"result","is_error":false,"structured_output":{"allow_stop":false,"feedback":"keep going"}}'` + "\n"

func reviews(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "review\n")
}

func TestStopBlockCap(t *testing.T) {
	type stop struct {
		active bool
		want   string // "block" (reviewed), "block-cap" (allowed unreviewed)
	}
	tests := []struct {
		name  string
		cap   string
		stops []stop
	}{
		{"default cap 8", "", []stop{
			{false, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block"},
			{true, "block-cap"},
			{true, "block-cap"},
		}},
		{"cap 2, a new run resets", "2", []stop{
			{false, "block"},
			{true, "block"},
			{true, "block-cap"},
			{false, "block"},
			{true, "block"},
			{true, "block-cap"},
		}},
		{"cap 0 is none", "0", []stop{{false, "block"}, {true, "block"}, {true, "block"}, {true, "block"}}},
		{"unparsable cap is the default", "lots", []stop{{false, "block"}, {true, "block"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, blockScript)
			e.vars["REVIEWS"] = filepath.Join(e.dir, "reviews")
			e.vars[event.BlockCapVar] = tt.cap
			opts := e.opts()
			opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.vars["REVIEWS"]) }
			wantReviews := 0
			for i, s := range tt.stops {
				msg := fmt.Sprintf("stop %d", i)
				ev := &event.Event{
					SessionID: "s", Name: event.Stop, StopHookActive: s.active, LastAssistantMessage: msg,
					Raw: []byte(fmt.Sprintf(`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":%t,"last_assistant_message":%q}`, s.active, msg)),
				}
				out, err := Run(context.Background(), ev, opts)
				if err != nil {
					t.Fatalf("stop %d: %v", i, err)
				}
				if s.want == "block" {
					wantReviews++
					if out.Decision != "block" || out.SystemMessage != "" {
						t.Errorf("stop %d: got %+v, want a block without a system message", i, out)
					}
				} else {
					if out.Decision != "" || !strings.Contains(out.SystemMessage, "Claude Code's limit ("+event.BlockCapVar+")") ||
						!strings.Contains(*out.Reason, "Stop-hook blocks in a row") {
						t.Errorf("stop %d: got %+v, want an allow with the block-cap system message", i, out)
					}
				}
				if got := reviews(t, e.vars["REVIEWS"]); got != wantReviews {
					t.Fatalf("after stop %d: %d reviews, want %d", i, got, wantReviews)
				}
			}
		})
	}
}

// An allowing review gives its place in the run back: Claude Code ends the turn, nothing blocked.
func TestStopBlockCapAllowReleases(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true}}`, allowScript)
	e.vars[event.BlockCapVar] = "1"
	for i := range 3 {
		msg := fmt.Sprintf("stop %d", i)
		ev := &event.Event{
			SessionID: "s", Name: event.Stop, StopHookActive: true, LastAssistantMessage: msg,
			Raw: []byte(`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"` + msg + `"}`),
		}
		out, err := Run(context.Background(), ev, e.opts())
		if err != nil || out.Decision != "" || *out.Reason != "ok" {
			t.Fatalf("stop %d: %+v %v, want a reviewed allow", i, out, err)
		}
	}
}

// Concurrent stops of one run never review more often than the cap: each review holds its place
// in the count under the session's lock.
func TestStopBlockCapConcurrent(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, blockScript)
	e.vars["REVIEWS"] = filepath.Join(e.dir, "reviews")
	e.vars[event.BlockCapVar] = "3"
	opts := e.opts()
	opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.vars["REVIEWS"]) }
	var wg sync.WaitGroup
	var mu sync.Mutex
	var blocks, capped int
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Distinct events (different last messages), not one event delivered twice.
			msg := fmt.Sprintf("attempt %d", i)
			ev := &event.Event{
				SessionID: "c", Name: event.Stop, StopHookActive: true, LastAssistantMessage: msg,
				Raw: []byte(`{"session_id":"c","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"` + msg + `"}`),
			}
			out, err := Run(context.Background(), ev, opts)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Error(err)
			case out.Decision == "block":
				blocks++
			case out.SystemMessage != "":
				capped++
			}
		}()
	}
	wg.Wait()
	if blocks != 3 || capped != 17 || reviews(t, e.vars["REVIEWS"]) != 3 {
		t.Errorf("blocks %d, capped %d, reviews %d; want 3, 17, 3", blocks, capped, reviews(t, e.vars["REVIEWS"]))
	}
}
