package runs

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// typedP1 is the transcript's record of turn p1, which the user typed.
const typedP1 = `{"type":"user","promptId":"p1","origin":{"kind":"human"},"turnOrigin":"human"}` + "\n"

// TestSpokeNewTurn: who opened a new turn decides whether a new run starts; Work keeps the turn
// either way.
func TestSpokeNewTurn(t *testing.T) {
	tests := []struct {
		name   string
		record string // the transcript's record of turn p2; "" for none written
		waited bool   // the last Stop before it came while the agent waited
		spoke  bool
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
			path := filepath.Join(t.TempDir(), "s.jsonl")
			testfs.Write(t, path, typedP1+tt.record+"\n", 0o600)
			w := Work{PromptID: "p1", Typed: []string{"prompt:p1"}, Waited: tt.waited}
			spoke := w.Spoke(path, "p2")
			if spoke != tt.spoke || w.PromptID != "p2" || w.Waited || spoke && !slices.Contains(w.Typed, "prompt:p2") {
				t.Errorf("spoke %v, work %+v; want spoke %v, turn p2, no wait kept", spoke, w, tt.spoke)
			}
		})
	}
}

// TestSpokeWhileWorking: what the user types while the agent works joins the running turn (no
// new prompt_id): a new run starts, once; a record of it seen again starts none.
func TestSpokeWhileWorking(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, typedP1, 0o600)
	w := Work{PromptID: "p1", Typed: []string{"prompt:p1"}}
	if w.Spoke(path, "p1") {
		t.Fatal("spoke with nothing new typed")
	}
	testfs.Append(t, path, `{"type":"attachment","uuid":"q1","attachment":{"type":"queued_command","commandMode":"prompt","origin":{"kind":"human"},"humanTurn":true}}`+"\n")
	if !w.Spoke(path, "p1") || !slices.Contains(w.Typed, "queued:q1") {
		t.Fatalf("work %+v after a queued message: want a new run", w)
	}
	if w.Spoke(path, "p1") {
		t.Error("the same queued message started a run again")
	}
}

// TestSpokeRecordWrittenLater: a new turn the transcript could not show at its first event,
// taken for the user's, starts no run again once its record is written.
func TestSpokeRecordWrittenLater(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, typedP1, 0o600)
	w := Work{PromptID: "p1", Typed: []string{"prompt:p1"}}
	if !w.Spoke(path, "p2") || !slices.Contains(w.Typed, "prompt:p2") {
		t.Fatalf("work %+v: want a new run for p2", w)
	}
	testfs.Append(t, path, `{"type":"user","promptId":"p2","origin":{"kind":"human"},"turnOrigin":"human"}`+"\n")
	if w.Spoke(path, "p2") {
		t.Error("the record written later started a run again")
	}
}

// TestSpokeWithoutPromptID: an event with no prompt_id and nothing typed since starts no run.
func TestSpokeWithoutPromptID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, typedP1, 0o600)
	w := Work{PromptID: "p1", Typed: []string{"prompt:p1"}}
	if w.Spoke(path, "") || w.PromptID != "p1" {
		t.Errorf("work %+v: an event without prompt_id started a run or changed the turn", w)
	}
}

// TestNoteTyped keeps each thing typed once, the newest maxTyped of them.
func TestNoteTyped(t *testing.T) {
	var w Work
	for _, typed := range []string{"", "prompt:a", "prompt:a", "queued:b", "prompt:c", "prompt:d", "prompt:e"} {
		w.noteTyped(typed)
	}
	if want := []string{"queued:b", "prompt:c", "prompt:d", "prompt:e"}; !slices.Equal(w.Typed, want) {
		t.Errorf("Typed = %v, want %v", w.Typed, want)
	}
}

// TestWait: a Stop while the agent waits is recorded once per turn, and takes its turn.
func TestWait(t *testing.T) {
	var w Work
	if !w.Wait("p1") || !w.Waited || w.PromptID != "p1" {
		t.Fatalf("first wait: %+v", w)
	}
	if w.Wait("p1") || w.Wait("") {
		t.Error("a second wait in the same turn was recorded again")
	}
	if !w.Wait("p2") || w.PromptID != "p2" {
		t.Errorf("a wait in a new turn: %+v", w)
	}
}
