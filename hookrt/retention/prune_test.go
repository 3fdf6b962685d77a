package retention

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// TestPruneOldSessionsOnly: a session none of whose files was written within the window goes,
// every file of it (state, log, lock, workflow counters), and its log's totals go to the record.
// A session with one file written within the window stays whole, however old its others; so do
// the session the hook runs for and a fresh one.
func TestPruneOldSessionsOnly(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.session("gone", old, 3)
	h.write("workflow-gone.json", `{"session_id":"gone"}`, old)
	h.session("mixed", old, 2)
	h.age("supervisor-mixed.log", fresh) // a decision logged yesterday
	h.session("workflow-fresh", old, 1)
	h.write("workflow-workflow-fresh.json", `{}`, fresh)
	h.session("fresh", fresh, 1)
	h.session("mine", old, 4)
	h.write("workflow-only.json", `{}`, old)

	rep := pass(t, h.pruner("mine"))
	if !rep.Ran || !rep.PassEnded || rep.Examined != 6 || rep.Removed != 2 || rep.Logs != 1 {
		t.Errorf("report %+v; want a whole pass over 6 groups removing 2, one with a log", rep)
	}
	for id, want := range map[string][]string{
		"gone":           nil,
		"only":           nil,
		"mixed":          {"supervisor-mixed.json", "supervisor-mixed.log", "supervisor-mixed.lock"},
		"workflow-fresh": {"supervisor-workflow-fresh.json", "supervisor-workflow-fresh.log", "supervisor-workflow-fresh.lock", "workflow-workflow-fresh.json"},
		"fresh":          {"supervisor-fresh.json", "supervisor-fresh.log", "supervisor-fresh.lock"},
		"mine":           {"supervisor-mine.json", "supervisor-mine.log", "supervisor-mine.lock"},
	} {
		if diff := cmp.Diff(want, h.files(id)); diff != "" {
			t.Errorf("files of %s (-want +got):\n%s", id, diff)
		}
	}
	rec := h.record()
	want := supervisor.Sum([]supervisor.Decision{decision("gone", 1), decision("gone", 2), decision("gone", 3)})
	if rec.Supervisor.Sessions != 1 || !cmp.Equal(want, rec.Supervisor.Totals) {
		t.Errorf("record: %d sessions, totals %+v; want 1 session, %+v", rec.Supervisor.Sessions, rec.Supervisor.Totals, want)
	}
	if rec.Pass != nil || len(rec.Removing) != 0 || time.Since(rec.PassEnded) > time.Minute || h.exists(PassFile) {
		t.Errorf("record after a whole pass: %+v", rec)
	}
}

// TestPruneAddsUp: passes that prune at different times add their totals up, and the sessions
// they count.
func TestPruneAddsUp(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.session("a", old, 2)
	pass(t, h.pruner())
	h.session("b", old, 5)
	h.session("c", old, 0) // state only: nothing to count
	pass(t, h.pruner())
	rec := h.record()
	var all []supervisor.Decision
	for n := range 2 {
		all = append(all, decision("a", n+1))
	}
	for n := range 5 {
		all = append(all, decision("b", n+1))
	}
	if rec.Supervisor.Sessions != 2 || !cmp.Equal(supervisor.Sum(all), rec.Supervisor.Totals, cmpopts.EquateApprox(0, 1e-9)) {
		t.Errorf("record: %+v; want 2 sessions, %+v", rec.Supervisor, supervisor.Sum(all))
	}
	if h.files("c") != nil {
		t.Errorf("the old session without a log is left: %v", h.files("c"))
	}
}

// TestPruneLeavesWhatIsNotOurs: only regular files named as a hook names them go. A link, a
// directory or a FIFO with a session's name, a name whose ID no hook would write, and the other
// files of the home (ccc.json's backups, the answered-once records, the ledger) stay, however old.
func TestPruneLeavesWhatIsNotOurs(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(target, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(h.dir, "supervisor-link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(h.dir, "supervisor-dir.log"), 0o700); err != nil {
		t.Fatal(err)
	}
	h.age("supervisor-dir.log", old)
	kept := []string{
		"supervisor-.json", "supervisor--x.json", "supervisor-a b.log", "workflow.json", "supervisor-x.txt",
		"backups/settings.json-1a2b.20260901", "once/0123456789abcdef0123456789abcdef", "ledger/x.json", "ccc.json",
		"locks/settings.lock", "locks/workflow.lock", "windows/sub/x.json",
	}
	for _, rel := range kept {
		h.write(rel, "x", old)
	}
	pass(t, h.pruner())
	for _, rel := range append(kept, "supervisor-link.json", "supervisor-dir.log") {
		if !h.exists(rel) {
			t.Errorf("%s was removed", rel)
		}
	}
	if _, err := os.Stat(target); err != nil {
		t.Errorf("the link's target: %v", err)
	}
}

// TestPruneWindows: a window's record goes once it was not written within the window.
func TestPruneWindows(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.write("windows/w-old.json", "{}", old)
	h.write("windows/w-new.json", "{}", fresh)
	pass(t, h.pruner())
	if h.exists("windows/w-old.json") || !h.exists("windows/w-new.json") {
		t.Errorf("old window kept %v, fresh window kept %v", h.exists("windows/w-old.json"), h.exists("windows/w-new.json"))
	}
}

// TestPruneSkipsHeldLocks: a session whose lock a hook holds is left alone, and so is every
// session while a workflow hook holds the workflow's lock (its writers of any session's counters
// hold that one); the next pass, with the locks free, removes them.
func TestPruneSkipsHeldLocks(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.session("held", old, 1)
	h.write("workflow-wf.json", "{}", old)
	hold := func(lock string) func() {
		unlock, err := safefile.Lock(context.Background(), filepath.Join(h.dir, "locks", lock), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return unlock
	}
	unlock := hold("supervisor-held.lock")
	pass(t, h.pruner())
	if h.files("held") == nil || h.exists("workflow-wf.json") {
		t.Errorf("with the session's lock held: its files %v, another's counters kept %v", h.files("held"), h.exists("workflow-wf.json"))
	}
	unlock()
	h.write("workflow-wf.json", "{}", old)
	unlock = hold("workflow.lock")
	pass(t, h.pruner())
	if h.files("held") == nil || !h.exists("workflow-wf.json") {
		t.Errorf("with the workflow's lock held: session %v, counters kept %v", h.files("held"), h.exists("workflow-wf.json"))
	}
	unlock()
	if rec := h.record(); rec.Supervisor.Sessions != 0 {
		t.Errorf("a session left alone was counted: %+v", rec.Supervisor)
	}
	pass(t, h.pruner())
	if h.files("held") != nil || h.exists("workflow-wf.json") {
		t.Errorf("with the locks free: held %v, workflow counters %v", h.files("held"), h.exists("workflow-wf.json"))
	}
}

// TestStepIsBounded: a hook's step (Step) examines Slice groups and no more, the next one goes
// on where it stopped in the list the pass made when it started (a session that appears
// meanwhile waits for the next pass), and once the pass ended nothing is due until PassEvery
// later; each step's removals are in the record when it returns.
func TestStepIsBounded(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	const n = 2*Slice + Slice/2
	for i := range n {
		h.session(sessionID(i), old, 1)
	}
	now := time.Now()
	p := h.pruner()
	p.Now = func() time.Time { return now }
	var steps []Report
	for range 4 {
		rep, err := p.Step()
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) == 0 {
			h.session("late", old, 1) // after the pass's list was made
		}
		steps = append(steps, rep)
		if rec := h.record(); rec.Supervisor.Sessions != min(n, Slice*len(steps)) {
			t.Errorf("after step %d the record counts %d sessions", len(steps), rec.Supervisor.Sessions)
		}
	}
	want := []Report{
		{Ran: true, Examined: Slice, Removed: Slice, Logs: Slice},
		{Ran: true, Examined: Slice, Removed: Slice, Logs: Slice},
		{Ran: true, Examined: Slice / 2, Removed: Slice / 2, Logs: Slice / 2, PassEnded: true},
		{},
	}
	if diff := cmp.Diff(want, steps); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
	if p.Due() || h.exists(PassFile) {
		t.Errorf("due right after a pass ended (%v), or its list left (%v)", p.Due(), h.exists(PassFile))
	}
	if h.files("late") == nil {
		t.Error("a session that appeared during the pass was pruned by it")
	}
	now = now.Add(PassEvery)
	if !p.Due() {
		t.Errorf("not due %s after the last pass", PassEvery)
	}
	if _, err := p.Step(); err != nil || h.files("late") != nil {
		t.Errorf("the next pass left the late session (%v, %v)", h.files("late"), err)
	}
}

// TestStepWhileGoesOnUntilDone: beside work that goes on (a context not done) a step goes on to
// the end of the pass; beside work that is over already it examines Slice groups, as Step does.
func TestStepWhileGoesOnUntilDone(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		done     bool
		examined int
	}{
		{"going on", false, 200},
		{"over", true, Slice},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			for i := range 200 {
				h.session(sessionID(i), old, 0)
			}
			ctx, cancel := context.WithCancel(context.Background())
			if tt.done {
				cancel()
			}
			defer cancel()
			rep, err := h.pruner().StepWhile(ctx)
			if err != nil || rep.Examined != tt.examined || rep.PassEnded != !tt.done {
				t.Errorf("StepWhile = %+v, %v; want %d examined", rep, err, tt.examined)
			}
		})
	}
}

// TestUnreadableRecordPrunesNothing: a record that is not JSON is an error naming the file, and
// nothing is removed (its totals would be lost); the file is left for the user to look at.
func TestUnreadableRecordPrunesNothing(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.session("s", old, 1)
	h.write(RecordFile, "{not json", old)
	_, err := h.pruner().Pass()
	if err == nil || !strings.Contains(err.Error(), filepath.Join(h.dir, RecordFile)) {
		t.Errorf("Pass with a broken record: %v", err)
	}
	if h.files("s") == nil {
		t.Error("a session was removed with the record unreadable")
	}
}

// TestRecoverFinishesARemoval: a record naming sessions whose removal a killed run did not
// finish: the next step removes what is left of them, without counting them again, and empties
// the list. One whose log was written since (the session was resumed) keeps its files.
func TestRecoverFinishesARemoval(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	h.session("half", old, 2)
	h.session("resumed", old, 2)
	h.age("supervisor-resumed.log", time.Minute)
	counted := supervisor.Sum([]supervisor.Decision{decision("half", 1), decision("half", 2)})
	rec := Record{Supervisor: Pruned{Sessions: 2, Totals: counted}, Removing: []string{"half", "resumed"}}
	if err := rec.write(h.dir); err != nil {
		t.Fatal(err)
	}
	if got := h.logged(); got.Decisions != 0 {
		t.Errorf("supervisor log would list %d decisions of counted sessions", got.Decisions)
	}
	pass(t, h.pruner())
	if h.files("half") != nil {
		t.Errorf("left of the half-removed session: %v", h.files("half"))
	}
	if len(h.files("resumed")) != 3 {
		t.Errorf("the resumed session lost files: %v", h.files("resumed"))
	}
	got := h.record()
	if got.Supervisor.Sessions != 2 || !cmp.Equal(counted, got.Supervisor.Totals) || len(got.Removing) != 0 {
		t.Errorf("record after recovery: %+v", got)
	}
}

// sessionID is the i-th session ID of a test, in the order of a pass.
func sessionID(i int) string { return fmt.Sprintf("s%05d", i) }

// TestPruneTemporaryFiles: the temporary file of an atomic write that was killed goes once it is
// older than the window, unless the lock of the file it was written for is held; a fresh one
// (a write under way) stays, and so does one written for a file that is not ours. The
// pruner's own are removed when a pass starts, whatever their age.
func TestPruneTemporaryFiles(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	const hex = ".ccc-hooks-tmp-0123456789abcdef"
	h.write(".supervisor-a.json"+hex, "{", old)
	h.write(".workflow-b.json"+hex, "{", old)
	h.write("windows/.w.json"+hex, "{", old)
	h.write(".supervisor-c.json"+hex, "{", fresh)
	h.write(".supervisor-held.json"+hex, "{", old)
	h.write(".notes.txt"+hex, "x", old)
	h.write("."+RecordFile+hex, "{", time.Minute)
	h.write("."+PassFile+hex, "x", time.Minute)
	unlock, err := safefile.Lock(context.Background(), filepath.Join(h.dir, "locks", "supervisor-held.lock"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	pass(t, h.pruner())
	for rel, kept := range map[string]bool{
		".supervisor-a.json" + hex:    false,
		".workflow-b.json" + hex:      false,
		"windows/.w.json" + hex:       false,
		".supervisor-c.json" + hex:    true,
		".supervisor-held.json" + hex: true,
		".notes.txt" + hex:            true,
		"." + RecordFile + hex:        false,
		"." + PassFile + hex:          false,
	} {
		if h.exists(rel) != kept {
			t.Errorf("%s: kept %v, want %v", rel, h.exists(rel), kept)
		}
	}
}
