package supervisor

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// sentStop is a Stop of session id as Claude Code sends it, its payload read from stdin.
func sentStop(t *testing.T, id string) *event.Event {
	t.Helper()
	ev, err := event.Parse(strings.NewReader(`{"session_id":"` + id + `","hook_event_name":"Stop"}`))
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// windows stands in for the process table: the start of each process ID this process runs
// under. A process ID it does not hold is not an ancestor.
type windows map[int]string

func (ws windows) locate(pid int) (window.ID, error) {
	start, ok := ws[pid]
	if !ok {
		return window.ID{}, window.ErrNotAncestor
	}
	return window.ID{PID: pid, Start: start}, nil
}

// windowSwitch is a switch of e whose hooks and commands run in the Claude Code window with
// process ID pid, among ws (the default from e's ccc.json).
func windowSwitch(e *hooktest.Env, ws windows, pid int) *Switch {
	vars := map[string]string{window.PIDVar: strconv.Itoa(pid)}
	for k, v := range e.Vars {
		vars[k] = v
	}
	return &Switch{Store: storeOf(e), Getenv: func(k string) string { return vars[k] }, Locate: ws.locate}
}

// follow is Follow, failing the test on an error.
func follow(t *testing.T, sw *Switch, id string) Standing {
	t.Helper()
	st, err := sw.Follow(context.Background(), id, true)
	if err != nil {
		t.Fatalf("Follow(%s): %v", id, err)
	}
	return st
}

func TestCarryOverInOneWindow(t *testing.T) {
	e := hooktest.New(t, "", "")
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	ctx := context.Background()
	if err := sw.Set(ctx, "s1", true, true); err != nil {
		t.Fatal(err)
	}
	if rec, found, err := sw.Store.LoadWindow(100); err != nil || !found || rec.SessionID != "s1" || !rec.Enabled || rec.Start != "boot/7" {
		t.Fatalf("window after supervisor on = %+v, %v, %v; want s1 on, start boot/7", rec, found, err)
	}
	// /clear: s2 in the same window. Status sees the carry-over and writes nothing.
	if got, err := sw.Standing("s2", true); err != nil || got != (Standing{On: true, CarriedFrom: "s1"}) {
		t.Errorf("Standing(s2) = %+v, %v; want on, carried from s1", got, err)
	}
	if _, exists, _ := sw.Store.Load("s2"); exists {
		t.Error("Standing wrote s2's state")
	}
	if got := follow(t, sw, "s2"); got != (Standing{On: true, CarriedFrom: "s1"}) {
		t.Errorf("Follow(s2) = %+v, want on, carried from s1", got)
	}
	st, _, _ := sw.Store.Load("s2")
	if st.Enabled == nil || !*st.Enabled || st.CarriedFrom != "s1" || st.Count != 0 || st.BudgetFromUSD != 0 {
		t.Errorf("s2's state = %+v, want on, carried from s1, nothing counted", st)
	}
	// /clear again: s3 takes s2's switch, which is the window's now.
	if got := follow(t, sw, "s3"); got != (Standing{On: true, CarriedFrom: "s2"}) {
		t.Errorf("Follow(s3) = %+v, want on, carried from s2", got)
	}
	// Off stays off, whatever the default says.
	if err := sw.Set(ctx, "s3", false, true); err != nil {
		t.Fatal(err)
	}
	e.Write(e.ConfigFile(), `{"supervisor":{"enabled":true}}`, 0o644)
	if got := follow(t, sw, "s4"); got != (Standing{On: false, CarriedFrom: "s3"}) {
		t.Errorf("Follow(s4) = %+v, want off, carried from s3", got)
	}
	if st, _, _ := sw.Store.Load("s3"); st.CarriedFrom != "" {
		t.Errorf("s3 switched itself still names %q", st.CarriedFrom)
	}
}

// TestCarryOverNeedsTheSameWindow: the record of a window counts only for a session of that very
// process: another window, a later process with the same process ID (another start), a process
// ID that is not an ancestor, no $CLAUDE_PID, or an ID that is not the session's own all get the
// default, and nothing is written.
func TestCarryOverNeedsTheSameWindow(t *testing.T) {
	e := hooktest.New(t, "", "")
	if err := windowSwitch(e, windows{100: "boot/7"}, 100).Set(context.Background(), "s1", true, true); err != nil {
		t.Fatal(err)
	}
	def := Standing{Default: true}
	for name, sw := range map[string]*Switch{
		"another window":           windowSwitch(e, windows{100: "boot/7", 200: "boot/9"}, 200),
		"the same pid, reused":     windowSwitch(e, windows{100: "boot/8"}, 100),
		"the same pid, next boot":  windowSwitch(e, windows{100: "boot2/7"}, 100),
		"not an ancestor":          windowSwitch(e, windows{}, 100),
		"outside Claude Code":      {Store: storeOf(e), Getenv: e.Getenv, Locate: windows{100: "boot/7"}.locate},
		"$CLAUDE_PID not a number": {Store: storeOf(e), Getenv: func(k string) string { return map[string]string{window.PIDVar: "1e2"}[k] }},
	} {
		if got, err := sw.Standing("s2", true); err != nil || got != def {
			t.Errorf("%s: Standing = %+v, %v; want the default", name, got, err)
		}
		if got := follow(t, sw, "s2"); got != def {
			t.Errorf("%s: Follow = %+v, want the default", name, got)
		}
		if _, exists, _ := sw.Store.Load("s2"); exists {
			t.Errorf("%s: s2's state was written", name)
		}
	}
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if got, err := sw.Follow(context.Background(), "group-1", false); err != nil || got != def {
		t.Errorf("not the session's own ID: Follow = %+v, %v; want the default", got, err)
	}
	// A later process with the process ID records itself over the dead one's record.
	reused := windowSwitch(e, windows{100: "boot/8"}, 100)
	if err := reused.Set(context.Background(), "t1", false, true); err != nil {
		t.Fatal(err)
	}
	if rec, _, _ := reused.Store.LoadWindow(100); rec.Start != "boot/8" || rec.SessionID != "t1" || rec.Enabled {
		t.Errorf("record after the new process's switch = %+v", rec)
	}
}

// TestOwnSwitchWinsAndMovesTheWindow: a session switched itself keeps its switch in a window that
// ran another session since (/resume), and the window records it for the next /clear.
func TestOwnSwitchWinsAndMovesTheWindow(t *testing.T) {
	e := hooktest.New(t, "", "")
	ctx := context.Background()
	outside := &Switch{Store: storeOf(e), Getenv: e.Getenv}
	if err := outside.Set(ctx, "old", false, true); err != nil { // --session old, from a terminal
		t.Fatal(err)
	}
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if err := sw.Set(ctx, "s1", true, true); err != nil {
		t.Fatal(err)
	}
	if got := follow(t, sw, "old"); got != (Standing{On: false}) {
		t.Errorf("Follow(old) = %+v, want its own off", got)
	}
	if rec, _, _ := sw.Store.LoadWindow(100); rec.SessionID != "old" || rec.Enabled {
		t.Errorf("window = %+v, want old, off", rec)
	}
	if got := follow(t, sw, "new"); got != (Standing{On: false, CarriedFrom: "old"}) {
		t.Errorf("Follow(new) = %+v, want off, carried from old", got)
	}
}

// TestWindowLookupOnlyWhenRecorded: a window nobody switched costs a missing file, not a look at
// the process table; a session switched itself looks it up to keep the window's record.
func TestWindowLookupOnlyWhenRecorded(t *testing.T) {
	e := hooktest.New(t, "", "")
	sw := windowSwitch(e, nil, 100)
	looked := 0
	sw.Locate = func(pid int) (window.ID, error) {
		looked++
		return window.ID{PID: pid, Start: "boot/7"}, nil
	}
	if got := follow(t, sw, "s1"); got != (Standing{Default: true}) || looked != 0 {
		t.Errorf("Follow = %+v after %d lookups; want the default, none", got, looked)
	}
	if _, err := os.Stat(sw.Store.WindowPath(100)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a window record was written: %v", err)
	}
	if err := sw.Set(context.Background(), "s1", false, true); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(sw.Store.WindowPath(100))
	if err != nil {
		t.Fatal(err)
	}
	looked = 0
	follow(t, sw, "s1")
	after, err := os.Stat(sw.Store.WindowPath(100))
	if err != nil || !os.SameFile(before, after) || looked != 1 {
		t.Errorf("a hook of the recorded session rewrote the record (%v) or looked %d times, want no write, one look", err, looked)
	}
}

// TestCarryOverTroubles: an unreadable window record, a lookup that fails and a state that cannot
// be written are errors the hook logs; it still follows the best it knows (the window's switch
// when only the write failed, else the default).
func TestCarryOverTroubles(t *testing.T) {
	e := hooktest.New(t, "", "")
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if err := sw.Set(context.Background(), "s1", true, true); err != nil {
		t.Fatal(err)
	}
	broken := windowSwitch(e, nil, 100)
	broken.Locate = func(int) (window.ID, error) { return window.ID{}, errors.New("proc unreadable") }
	if got, err := broken.Follow(context.Background(), "s2", true); err == nil || got != (Standing{Default: true}) {
		t.Errorf("lookup failed: Follow = %+v, %v; want the default and the error", got, err)
	}
	// The state of s2 cannot be written (a directory stands in its place).
	if err := os.MkdirAll(sw.Store.Path("s2"), 0o700); err != nil {
		t.Fatal(err)
	}
	if got, err := sw.Follow(context.Background(), "s2", true); err == nil || got != (Standing{On: false, Default: true}) {
		t.Errorf("unreadable state: Follow = %+v, %v; want the default and the error", got, err)
	}
	// s4's state can be read (there is none) but not written (its lock cannot be taken): the
	// window's switch holds for this hook run.
	if err := os.MkdirAll(sw.Store.lockPath("s4"), 0o700); err != nil {
		t.Fatal(err)
	}
	if got, err := sw.Follow(context.Background(), "s4", true); err == nil || got != (Standing{On: true, CarriedFrom: "s1"}) {
		t.Errorf("unwritable state: Follow = %+v, %v; want on, carried from s1, and the error", got, err)
	}
	// A record that is not JSON, or not a regular file.
	e.Write(sw.Store.WindowPath(100), "{", 0o600)
	if got, err := sw.Follow(context.Background(), "s3", true); err == nil || got != (Standing{Default: true}) {
		t.Errorf("bad record: Follow = %+v, %v; want the default and the error", got, err)
	}
	if err := os.Remove(sw.Store.WindowPath(100)); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sw.Store.WindowPath(100), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := sw.Standing("s3", true); err == nil {
		t.Error("a directory for a record: Standing gave no error")
	}
}

// TestCarryOverConcurrent: hooks of the new session that run at once (a question and a stop)
// carry the switch over once, and agree.
func TestCarryOverConcurrent(t *testing.T) {
	e := hooktest.New(t, "", "")
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if err := sw.Set(context.Background(), "s1", true, true); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]Standing, 8)
	errs := make([]error, len(got))
	for i := range got {
		wg.Go(func() { got[i], errs[i] = sw.Follow(context.Background(), "s2", true) })
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || got[i] != (Standing{On: true, CarriedFrom: "s1"}) {
			t.Errorf("hook %d: %+v, %v; want on, carried from s1", i, got[i], errs[i])
		}
	}
}

// TestCarriedSessionCountsAfresh: the session after /clear is a new run of work with a budget of
// its own: reviewed from review 1, though the session before it had spent its budget.
func TestCarriedSessionCountsAfresh(t *testing.T) {
	costly := fakereview.Script(fakereview.With(fakereview.Output(fakereview.Verdict(false, "more")), "total_cost_usd", 0.03))
	e := hooktest.New(t, `{"supervisor":{"session_budget_usd":0.05}}`, costly)
	e.Vars[window.PIDVar] = "100"
	opts := optsOf(e)
	opts.Window = windows{100: "boot/7"}.locate
	sw := windowSwitch(e, windows{100: "boot/7"}, 100)
	if err := sw.Set(context.Background(), "s1", true, true); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if out, err := run(context.Background(), sentStop(t, "s1"), opts); err != nil || out.Decision != "block" {
			t.Fatalf("s1: %+v, %v; want a review that blocks", out, err)
		}
	}
	if out, _ := run(context.Background(), sentStop(t, "s1"), opts); out.Decision != "" {
		t.Fatalf("s1 past its budget: %+v, want no review", out)
	}
	// A Stop of s2 named by `supervisor-hook --session-id` (no payload of Claude Code's) is not
	// the window's session: the default, off.
	if out, err := run(context.Background(), hooktest.Stop("s2"), opts); err != nil || out.Decision != "" || out.SystemMessage != "" {
		t.Errorf("s2 by --session-id: %+v, %v; want the default, off", out, err)
	}
	out, err := run(context.Background(), sentStop(t, "s2"), opts)
	if err != nil || out.Decision != "block" || out.SystemMessage != "ccc-hooks supervisor: sent the agent back to work (review 1 of 20, $0.0300)." {
		t.Errorf("s2 after /clear: %+v, %v; want review 1 of 20", out, err)
	}
	if st, _, _ := storeOf(e).Load("s2"); st.Count != 1 || st.CarriedFrom != "s1" {
		t.Errorf("s2's state = %+v, want one review, carried from s1", st)
	}
}
