package hookrt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/once"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Copies of one event (the plugin's hook and a settings hook, or two settings entries) are
// answered once: one review, one count, one decision line; the copies print nothing. Another
// event at the same time is answered on its own.
func TestRunAnswersCopiesOfAnEventOnce(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`,
		`echo x >> "$(dirname "$0")/reviews"; sleep 0.3
`+hooktest.AllowScript)
	const payload = `{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}`
	const other = `{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"done"}`
	start := time.Now()
	for round, tc := range []struct {
		copies int
	}{{2}, {10}} {
		// Each round's clock stands past the window of the round before: its events are new ones.
		now := start.Add(time.Duration(round) * 2 * once.Window)
		outs := make([]*event.Output, tc.copies)
		var otherOut *event.Output
		var wg sync.WaitGroup
		run := func(raw, caller string, out **event.Output) {
			defer wg.Done()
			ev, err := event.ParseBytes([]byte(raw))
			if err != nil {
				t.Error(err)
				return
			}
			opts := optsOf(e)
			opts.Caller = caller
			opts.Now = func() time.Time { return now }
			o, err := Run(context.Background(), ev, opts)
			if err != nil {
				t.Error(err)
			}
			*out = o
		}
		for i := range outs {
			wg.Add(1)
			go run(payload, fmt.Sprint("/bin/ccc-hooks-", i, " hook"), &outs[i])
		}
		wg.Add(1)
		go run(other, "/bin/ccc-hooks-0 hook", &otherOut)
		wg.Wait()

		answered := 0
		for _, o := range outs {
			if o != nil {
				answered++
			}
		}
		if answered != 1 {
			t.Errorf("%d copies of one Stop: %d answered, want 1 (the others print nothing)", tc.copies, answered)
		}
		if otherOut == nil {
			t.Errorf("a different Stop at the same time was not answered")
		}
	}
	reviews, _ := os.ReadFile(filepath.Join(e.Dir, "reviews"))
	if n := strings.Count(string(reviews), "x"); n != 4 {
		t.Errorf("reviews = %d, want 4 (one per distinct event and round)", n)
	}
	st, _, err := (&supervisor.SessionStore{Home: e.Home()}).Load("s1")
	if err != nil || st.Count != 4 {
		t.Errorf("count = %d (%v), want 4", st.Count, err)
	}
	log, _ := os.ReadFile(filepath.Join(e.Home(), "supervisor-s1.log"))
	if n := strings.Count(string(log), "\n"); n != 4 {
		t.Errorf("decision log has %d lines, want 4:\n%s", n, log)
	}
}

// A model that answers a block with the same words repeats the Stop payload byte for byte, a
// fraction of a second later: each such Stop is a new event and is reviewed, while the copy of
// each from a second install is not.
func TestRunAnswersRepeatedIdenticalStops(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.BlockScript)
	e.Vars["REVIEWS"] = filepath.Join(e.Dir, "reviews")
	opts := optsOf(e)
	opts.Environ = func() []string { return append(os.Environ(), "REVIEWS="+e.Vars["REVIEWS"]) }
	transcript := filepath.Join(e.Dir, "session.jsonl")
	testfs.Append(t, transcript, hooktest.WordsLine)
	ev := hooktest.StopWithTranscript("r", true, "Done.", transcript)
	for i := range 3 {
		for _, caller := range []string{"/usr/local/bin/ccc-hooks hook", "/opt/ccc-hooks hook"} {
			opts.Caller = caller
			out, err := Run(context.Background(), ev, opts)
			if err != nil {
				t.Fatal(err)
			}
			if first := caller == "/usr/local/bin/ccc-hooks hook"; (out != nil) != first {
				t.Errorf("stop %d from %s: output %+v; want an answer only from the first caller", i+1, caller, out)
			}
		}
	}
	if n := hooktest.Reviews(t, e.Vars["REVIEWS"]); n != 3 {
		t.Errorf("reviews = %d, want 3 (one per Stop, none per copy)", n)
	}
}
