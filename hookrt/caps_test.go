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
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
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

// Transcript lines as Claude Code writes them: a reply in words, and a tool call.
const (
	wordsLine = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}` + "\n"
	toolLine  = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Read","input":{}}]}}` + "\n"
)

func appendLine(t *testing.T, path, line string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if _, err := f.WriteString(line); err != nil {
		t.Fatal(err)
	}
}

// stopWithTranscript is a Stop of session sid whose transcript is transcript.
func stopWithTranscript(sid string, active bool, msg, transcript string) *event.Event {
	return &event.Event{
		SessionID: sid, Name: event.Stop, StopHookActive: active, LastAssistantMessage: msg, TranscriptPath: transcript,
		Raw: []byte(fmt.Sprintf(`{"session_id":%q,"hook_event_name":"Stop","stop_hook_active":%t,"last_assistant_message":%q,"transcript_path":%q}`,
			sid, active, msg, transcript)),
	}
}

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
			e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, blockScript)
			e.vars["REVIEWS"] = filepath.Join(e.dir, "reviews")
			e.vars[blockcap.Var] = tt.cap
			opts := e.opts()
			opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.vars["REVIEWS"]) }
			transcript := filepath.Join(e.dir, "session.jsonl")
			appendLine(t, transcript, wordsLine)
			if tt.noTranscript {
				transcript = ""
			}
			wantReviews := 0
			for i, s := range tt.stops {
				msg := fmt.Sprintf("stop %d", i)
				if transcript != "" {
					if s.tool {
						appendLine(t, transcript, toolLine)
					}
					appendLine(t, transcript, wordsLine)
				}
				out, err := Run(context.Background(), stopWithTranscript("s", s.active, msg, transcript), opts)
				if err != nil {
					t.Fatalf("stop %d: %v", i, err)
				}
				if s.want == "block" {
					wantReviews++
					if out.Decision != "block" || out.SystemMessage != "" {
						t.Errorf("stop %d: got %+v, want a block without a system message", i, out)
					}
				} else if out.Decision != "" || !strings.Contains(out.SystemMessage, "Claude Code's limit ("+blockcap.Var+")") ||
					!strings.Contains(*out.Reason, "Stop-hook blocks in a row") {
					t.Errorf("stop %d: got %+v, want an allow with the block-cap system message", i, out)
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
	e.vars[blockcap.Var] = "1"
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
	e.vars[blockcap.Var] = "3"
	opts := e.opts()
	opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.vars["REVIEWS"]) }
	transcript := filepath.Join(e.dir, "session.jsonl")
	appendLine(t, transcript, wordsLine)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var blocks, capped int
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Distinct events (different last messages), not one event delivered twice.
			out, err := Run(context.Background(), stopWithTranscript("c", true, fmt.Sprintf("attempt %d", i), transcript), opts)
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
