package supervisor

import (
	"context"
	"os"
	"path/filepath"
	"slices"
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

// TestNewTurnOpeners: who opened a new turn decides whether the count starts again; the state
// keeps the turn either way.
func TestNewTurnOpeners(t *testing.T) {
	tests := []struct {
		name    string
		record  string // the transcript's record of turn p2; "" for none written
		waited  bool   // the last Stop before it came while the agent waited
		restart bool
	}{
		{"typed", `{"type":"user","promptId":"p2","origin":{"kind":"human"},"turnOrigin":"human"}`, false, true},
		{"typed while the agent waited", `{"type":"user","promptId":"p2","origin":{"kind":"human"},"turnOrigin":"human"}`, true, true},
		{"a task's notification", `{"type":"user","promptId":"p2","origin":{"kind":"task-notification"},"turnOrigin":"task_notification"}`, false, false},
		{"a wake-up", `{"type":"user","promptId":"p2","isMeta":true,"turnOrigin":"scheduled"}`, false, false},
		{"not written, after a wait", "", true, false},
		{"not written, no wait", "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &supervision{ev: askIn("s", "p2", filepath.Join(t.TempDir(), "s.jsonl")), opts: Options{}.withDefaults()}
			testfs.Write(t, s.ev.TranscriptPath, typedP1+tt.record+"\n", 0o600)
			st := State{Count: 5, PromptID: "p1", Typed: []string{"prompt:p1"}, Waited: tt.waited}
			s.newRun(&st)
			if restarted := st.Count == 0; restarted != tt.restart || st.PromptID != "p2" || st.Waited || restarted && !slices.Contains(st.Typed, "prompt:p2") {
				t.Errorf("state %+v, want restart %v, turn p2, no wait kept", st, tt.restart)
			}
		})
	}
}

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

// TestTypedWhileWorking: what the user types while the agent works joins the running turn (no
// new prompt_id): it starts the count again, once; a record of it seen again does not.
func TestTypedWhileWorking(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, typedP1, 0o600)
	s := &supervision{ev: askIn("s", "p1", path), opts: Options{}.withDefaults()}
	st := State{Count: 5, PromptID: "p1", Typed: []string{"prompt:p1"}}
	s.newRun(&st)
	if st.Count != 5 {
		t.Fatalf("count %d with nothing new typed, want 5", st.Count)
	}
	testfs.Append(t, path, `{"type":"attachment","uuid":"q1","attachment":{"type":"queued_command","commandMode":"prompt","origin":{"kind":"human"},"humanTurn":true}}`+"\n")
	s.newRun(&st)
	if st.Count != 0 || !slices.Contains(st.Typed, "queued:q1") {
		t.Fatalf("state %+v after a queued message, want the count started again", st)
	}
	st.Count = 3
	s.newRun(&st)
	if st.Count != 3 {
		t.Errorf("count %d: the same queued message started it again", st.Count)
	}
}

// TestUnwrittenTurnRecordedLater: a new turn the transcript could not show at its first event,
// taken for the user's, is not counted again once its record is written.
func TestUnwrittenTurnRecordedLater(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, typedP1, 0o600)
	s := &supervision{ev: askIn("s", "p2", path), opts: Options{}.withDefaults()}
	st := State{Count: 5, PromptID: "p1", Typed: []string{"prompt:p1"}}
	s.newRun(&st)
	if st.Count != 0 || !slices.Contains(st.Typed, "prompt:p2") {
		t.Fatalf("state %+v, want the count started again for p2", st)
	}
	st.Count = 2
	testfs.Append(t, path, `{"type":"user","promptId":"p2","origin":{"kind":"human"},"turnOrigin":"human"}`+"\n")
	s.newRun(&st)
	if st.Count != 2 {
		t.Errorf("count %d: the record written later started it again", st.Count)
	}
}

// TestNoteTyped keeps each thing typed once, the newest maxTyped of them.
func TestNoteTyped(t *testing.T) {
	var st State
	for _, typed := range []string{"", "prompt:a", "prompt:a", "queued:b", "prompt:c", "prompt:d", "prompt:e"} {
		st.noteTyped(typed)
	}
	if want := []string{"queued:b", "prompt:c", "prompt:d", "prompt:e"}; !slices.Equal(st.Typed, want) {
		t.Errorf("Typed = %v, want %v", st.Typed, want)
	}
}
