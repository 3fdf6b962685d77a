package supervisor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestStopBlockCap(t *testing.T) {
	type stop struct {
		active bool
		tool   bool   // the agent called a tool since the previous stop
		want   string // "block" (reviewed), "block-cap" (allowed unreviewed)
	}
	tests := []struct {
		name         string
		cap          string
		noTranscript bool
		stops        []stop
	}{
		{"default cap 8", "", false, []stop{
			{false, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block-cap"},
			{true, false, "block-cap"},
		}},
		{"cap 2, a new run resets", "2", false, []stop{
			{false, false, "block"},
			{true, false, "block"},
			{true, false, "block-cap"},
			{false, false, "block"},
			{true, false, "block"},
			{true, false, "block-cap"},
		}},
		{"cap 0 is none", "0", false, []stop{{false, false, "block"}, {true, false, "block"}, {true, false, "block"}, {true, false, "block"}}},
		{"unparsable cap is the default", "lots", false, []stop{{false, false, "block"}, {true, false, "block"}}},
		// Claude Code starts its count again after a tool call: so does the supervisor.
		{"cap 2, a tool call after each block: reviewed past the cap", "2", false, []stop{
			{false, false, "block"},
			{true, true, "block"},
			{true, true, "block"},
			{true, true, "block"},
			{true, true, "block"},
		}},
		{"cap 2, words after a tool call count again", "2", false, []stop{
			{false, false, "block"},
			{true, false, "block"},
			{true, true, "block"},
			{true, false, "block"},
			{true, false, "block-cap"},
		}},
		// Without a transcript it cannot tell: it reviews.
		{"cap 2, no transcript: reviewed", "2", true, []stop{
			{false, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
			{true, false, "block"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.BlockScript)
			e.Vars["REVIEWS"] = filepath.Join(e.Dir, "reviews")
			e.Vars[runs.CapVar] = tt.cap
			opts := optsOf(e)
			opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.Vars["REVIEWS"]) }
			transcript := filepath.Join(e.Dir, "session.jsonl")
			testfs.Append(t, transcript, hooktest.WordsLine)
			if tt.noTranscript {
				transcript = ""
			}
			wantReviews := 0
			for i, s := range tt.stops {
				msg := fmt.Sprintf("stop %d", i)
				if transcript != "" {
					if s.tool {
						testfs.Append(t, transcript, hooktest.ToolLine)
					}
					testfs.Append(t, transcript, hooktest.WordsLine)
				}
				out, err := run(context.Background(), hooktest.StopWithTranscript("s", s.active, msg, transcript), opts)
				if err != nil {
					t.Fatalf("stop %d: %v", i, err)
				}
				if s.want == "block" {
					wantReviews++
					if out.Decision != "block" || !strings.HasPrefix(out.SystemMessage, "ccc-hooks supervisor: sent the agent back to work (review ") {
						t.Errorf("stop %d: got %+v, want a block with the review's line", i, out)
					}
				} else if out.Decision != "" || !strings.Contains(out.SystemMessage, "Claude Code's limit ("+runs.CapVar+")") ||
					!strings.Contains(*out.Reason, "Stop-hook blocks in a row") {
					t.Errorf("stop %d: got %+v, want an allow with the block-cap system message", i, out)
				}
				if got := hooktest.Reviews(t, e.Vars["REVIEWS"]); got != wantReviews {
					t.Fatalf("after stop %d: %d reviews, want %d", i, got, wantReviews)
				}
			}
		})
	}
}

// An allowing review gives its place in the run back: Claude Code ends the turn, nothing blocked.
func TestStopBlockCapAllowReleases(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
	e.Vars[runs.CapVar] = "1"
	for i := range 3 {
		msg := fmt.Sprintf("stop %d", i)
		ev := &event.Event{
			SessionID: "s", Name: event.Stop, StopHookActive: true, LastAssistantMessage: msg,
			Raw: []byte(`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"` + msg + `"}`),
		}
		out, err := run(context.Background(), ev, optsOf(e))
		if err != nil || out.Decision != "" || *out.Reason != "ok" {
			t.Fatalf("stop %d: %+v %v, want a reviewed allow", i, out, err)
		}
	}
}

// Concurrent stops of one run never review more often than the cap: each review holds its place
// in the count under the session's lock.
func TestStopBlockCapConcurrent(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.BlockScript)
	e.Vars["REVIEWS"] = filepath.Join(e.Dir, "reviews")
	e.Vars[runs.CapVar] = "3"
	opts := optsOf(e)
	opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.Vars["REVIEWS"]) }
	transcript := filepath.Join(e.Dir, "session.jsonl")
	testfs.Append(t, transcript, hooktest.WordsLine)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var blocks, capped int
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Distinct events (different last messages), not one event delivered twice.
			out, err := run(context.Background(), hooktest.StopWithTranscript("c", true, fmt.Sprintf("attempt %d", i), transcript), opts)
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
	if blocks != 3 || capped != 17 || hooktest.Reviews(t, e.Vars["REVIEWS"]) != 3 {
		t.Errorf("blocks %d, capped %d, reviews %d; want 3, 17, 3", blocks, capped, hooktest.Reviews(t, e.Vars["REVIEWS"]))
	}
}
