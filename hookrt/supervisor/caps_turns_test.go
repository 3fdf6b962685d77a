package supervisor

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// askIn is a question of session sid in turn prompt, with transcript.
func askIn(sid, prompt, transcript string) *event.Event {
	return &event.Event{SessionID: sid, Name: event.PreToolUse, ToolName: event.AskUserQuestion, PromptID: prompt, TranscriptPath: transcript}
}

// TestNewTurnConcurrent: many hooks of a turn the user just opened, at once, start the count
// again exactly once and each count once after it.
func TestNewTurnConcurrent(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.AllowScript)
	transcript := filepath.Join(e.Dir, "session.jsonl")
	testfs.Write(t, transcript, typedP1, 0o600)
	for range 30 {
		if _, err := run(context.Background(), askIn("c", "p1", transcript), optsOf(e)); err != nil {
			t.Fatal(err)
		}
	}
	testfs.Append(t, transcript, `{"type":"user","promptId":"p2","origin":{"kind":"human"},"turnOrigin":"human"}`+"\n")
	const n = 20
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if _, err := run(context.Background(), askIn("c", "p2", transcript), optsOf(e)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	st, _, err := storeOf(e).Load("c")
	if err != nil || st.Count != n || st.PromptID != "p2" {
		t.Fatalf("state %+v (%v), want count %d in turn p2", st, err, n)
	}
}

// typedP1 is the record of the turn p1, which the user typed.
const typedP1 = `{"type":"user","promptId":"p1","origin":{"kind":"human"},"turnOrigin":"human"}` + "\n"

// TestSupervisorOnRestarts: turning the supervisor on for a session starts its count, its run
// of failed reviews and its budget afresh; turning it off leaves them.
func TestSupervisorOnRestarts(t *testing.T) {
	e := hooktest.New(t, ``, "")
	store := storeOf(e)
	if _, err := store.Update(context.Background(), "s", func(st *State) error {
		st.Count, st.FailedReviews = 7, 2
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := store.Append("s", Decision{Decision: DecisionBlock, Usage: reviewer.Usage{CostUSD: 0.25}}); err != nil {
		t.Fatal(err)
	}
	sw := &Switch{Store: store}
	if err := sw.Set(context.Background(), "s", false, false); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := store.Load("s"); st.Count != 7 || st.FailedReviews != 2 || st.BudgetFromUSD != 0 {
		t.Errorf("after off: %+v, want the counts kept", st)
	}
	if err := sw.Set(context.Background(), "s", true, false); err != nil {
		t.Fatal(err)
	}
	st, _, _ := store.Load("s")
	if st.Count != 0 || st.FailedReviews != 0 || st.BudgetFromUSD != 0.25 || st.Enabled == nil || !*st.Enabled {
		t.Errorf("after on: %+v, want on, counts at 0 and the budget from $0.25", st)
	}
}

// TestWaitingIsSilentAndUncounted: a Stop while the agent waits gets nothing, counts nothing,
// starts no reviewer, and notes the wait for the next turn.
func TestWaitingIsSilentAndUncounted(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n"+hooktest.AllowScript)
	opts := optsOf(e)
	opts.Waiting = true
	ev := hooktest.Stop("w")
	ev.PromptID = "p1"
	out, err := run(context.Background(), ev, opts)
	if err != nil || out != nil {
		t.Fatalf("got %+v, %v; want nothing", out, err)
	}
	st, _, _ := storeOf(e).Load("w")
	if st.Count != 0 || !st.Waited || st.PromptID != "p1" {
		t.Errorf("state %+v, want no count and the wait noted in turn p1", st)
	}
	if _, err := os.Stat(e.Vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("a reviewer ran")
	}
	// Off, the supervisor says so, waiting or not, and notes nothing.
	e.Write(e.ConfigFile(), `{"supervisor":{"enabled":false}}`, 0o644)
	opts = optsOf(e)
	opts.Waiting = true
	out, err = run(context.Background(), hooktest.Stop("w-off"), opts)
	if err != nil || out == nil || out.Reason == nil || *out.Reason != ReasonDisabled || out.SystemMessage != "" {
		t.Errorf("off: got %+v, %v; want the disabled reason only", out, err)
	}
	if _, exists, _ := storeOf(e).Load("w-off"); exists {
		t.Error("off: a state file was written")
	}
}
