package once

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var stop = []byte(`{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}`)

// answer is what one hook invocation does: claim, and when first, "answer" (count, hold the event
// for a while) and record it.
func answer(t *testing.T, dir string, payload []byte, caller string, answers *atomic.Int32, hold time.Duration) {
	t.Helper()
	ticket, first, err := Claim(context.Background(), dir, payload, caller, time.Now)
	if err != nil {
		t.Errorf("Claim: %v", err)
		return
	}
	if !first {
		return
	}
	answers.Add(1)
	time.Sleep(hold)
	if err := ticket.Done(); err != nil {
		t.Errorf("Done: %v", err)
	}
}

// together runs n invocations of payload at once, each from its own caller (as Claude Code runs
// n distinct commands for one event), and returns how many answered.
func together(t *testing.T, dir string, n int, payload []byte, hold time.Duration) int32 {
	t.Helper()
	var answers atomic.Int32
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			answer(t, dir, payload, fmt.Sprint("caller ", i), &answers, hold)
		}()
	}
	start.Done()
	wg.Wait()
	return answers.Load()
}

func TestIdenticalEventsAtOnceAreAnsweredOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		hold time.Duration
	}{
		{"two, quick answer", 2, 0},
		{"two, slow answer", 2, 300 * time.Millisecond},
		{"ten, quick answer", 10, 0},
		{"ten, slow answer", 10, 300 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if got := together(t, dir, tc.n, stop, tc.hold); got != 1 {
				t.Errorf("%d identical events at once: %d answered, want exactly 1", tc.n, got)
			}
		})
	}
}

// Processes, not goroutines, are what Claude Code starts: the lock is a file lock, so the test
// also runs the claimants as separate processes (the test binary re-executed).
func TestIdenticalEventsInTenProcessesAreAnsweredOnce(t *testing.T) {
	if os.Getenv("ONCE_TEST_CHILD") != "" {
		return
	}
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	results := claimTogether(t, exe, t.TempDir(), 10)
	answered := 0
	for _, r := range results {
		if r == "answered" {
			answered++
		}
	}
	if answered != 1 {
		t.Errorf("10 processes with one event: %d answered (%q), want exactly 1", answered, results)
	}
}

func TestDifferentEventsAreEachAnswered(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	other := []byte(`{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"done"}`)
	var answers atomic.Int32
	var wg sync.WaitGroup
	for i, p := range [][]byte{stop, other, stop, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answer(t, dir, p, fmt.Sprint("caller ", i/2), &answers, 100*time.Millisecond)
		}()
	}
	wg.Wait()
	if got := answers.Load(); got != 2 {
		t.Errorf("two events, each twice at once: %d answered, want 2", got)
	}
}

// A copy waits while the first is still answering and then prints nothing, however long the
// first takes (a review lasts minutes; a copy started with it must not review again after it).
func TestCopyArrivingDuringALongAnswerIsNotAnswered(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	first, ok, err := Claim(context.Background(), dir, stop, "plugin", clock.now)
	if err != nil || !ok {
		t.Fatalf("first Claim = %v, %v; want to answer", ok, err)
	}
	type result struct {
		first bool
		err   error
	}
	done := make(chan result)
	clock.advance(time.Minute) // the copy arrives a minute into the review
	go func() {
		_, ok, err := Claim(context.Background(), dir, stop, "settings", clock.now)
		done <- result{ok, err}
	}()
	select {
	case r := <-done:
		t.Fatalf("the copy decided (%v, %v) while the first was still answering; want it to wait", r.first, r.err)
	case <-time.After(100 * time.Millisecond):
	}
	clock.advance(5 * time.Minute)
	if err := first.Done(); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.err != nil || r.first {
		t.Errorf("copy after a 6-minute answer: first = %v, err = %v; want a copy", r.first, r.err)
	}
}

func TestSameEventAfterTheWindowIsAnsweredAgain(t *testing.T) {
	t.Parallel()
	claimSteps(t, []claimStep{
		{0, "plugin", true},                           // the event
		{Window / 2, "settings", false},               // a copy, after the first answered at once
		{Window + time.Millisecond, "settings", true}, // a genuine event with the same bytes, a model turn later
		{time.Millisecond, "plugin", false},           // its copy
		{-Window / 2, "user", false},                  // a copy whose clock read a little earlier
	})
}

// Claude Code runs each distinct command once per event: the same caller with the same bytes
// again is a new event however soon it comes (a fast model repeating its words after a block),
// and a copy from another caller is still a copy.
func TestSameCallerAgainIsANewEvent(t *testing.T) {
	t.Parallel()
	claimSteps(t, []claimStep{
		{0, "only", true},
		{time.Millisecond, "only", true}, // one install: every identical payload is an event
		{time.Millisecond, "only", true},
		{time.Millisecond, "plugin", false}, // the copy of that last one from the plugin
		{time.Millisecond, "plugin", true},  // then the plugin's next event, before "only" runs it
		{time.Millisecond, "only", false},   // whose copy this is
	})
}

// An invocation killed before it answered (its lock released by the kernel, no answer recorded)
// is replaced by the next copy: the event is still answered once.
func TestCopyAnswersWhenTheFirstDied(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ticket, first, err := Claim(context.Background(), dir, stop, "plugin", time.Now)
	if err != nil || !first {
		t.Fatalf("Claim = %v, %v", first, err)
	}
	unlockClose(ticket.f) // the process died: no Done
	ticket, first, err = Claim(context.Background(), dir, stop, "settings", time.Now)
	if err != nil || !first {
		t.Errorf("copy after the first died: first = %v, err = %v; want it to answer", first, err)
	}
	_ = ticket.Done()
}

func TestPruneRemovesOldAnsweredRecordsOnly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	old, _, _ := Claim(context.Background(), dir, []byte("old"), "c", clock.now)
	_ = old.Done()
	busy, _, _ := Claim(context.Background(), dir, []byte("busy"), "c", clock.now)
	clock.advance(expiry + time.Minute)
	// The next claim finds the directory unpruned for longer than expiry and prunes it.
	recent, _, _ := Claim(context.Background(), dir, []byte("recent"), "c", clock.now)
	_ = recent.Done()
	if _, err := os.Stat(record1(dir, "old")); !os.IsNotExist(err) {
		t.Errorf("an answered record older than %s was kept (err %v)", expiry, err)
	}
	for _, name := range []string{"busy", "recent"} {
		if _, err := os.Stat(record1(dir, name)); err != nil {
			t.Errorf("record %q was pruned: %v", name, err)
		}
	}
	_ = busy.Done()
}

func TestClaimFailsOnAnUnusableDirectory(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, first, err := Claim(context.Background(), filepath.Join(file, "once"), stop, "c", time.Now); err == nil || first {
		t.Errorf("Claim under a regular file = %v, %v; want an error", first, err)
	}
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now()} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// A record keeps at most maxCallers callers; past that every identical payload is answered (when
// in doubt, answer).
func TestCallersBeyondTheRecordAreAnswered(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clock := newClock()
	for i := range maxCallers + 1 {
		ticket, first, err := Claim(context.Background(), dir, stop, fmt.Sprint("caller ", i), clock.now)
		if err != nil {
			t.Fatal(err)
		}
		if want := i == 0 || i == maxCallers; first != want {
			t.Errorf("caller %d: first = %v, want %v", i, first, want)
		}
		if err := ticket.Done(); err != nil {
			t.Fatal(err)
		}
	}
}

// claimStep is one invocation of a sequence: it arrives after the one before, from caller, and
// should answer (first) or be a copy.
type claimStep struct {
	after  time.Duration
	caller string
	first  bool
}

// claimSteps runs steps in order on one payload, each answering at once when it is first.
func claimSteps(t *testing.T, steps []claimStep) {
	t.Helper()
	dir := t.TempDir()
	clock := newClock()
	for i, step := range steps {
		clock.advance(step.after)
		ticket, first, err := Claim(context.Background(), dir, stop, step.caller, clock.now)
		if err != nil {
			t.Fatal(err)
		}
		if first != step.first {
			t.Errorf("step %d (+%s, %s): first = %v, want %v", i, step.after, step.caller, first, step.first)
		}
		if err := ticket.Done(); err != nil {
			t.Fatal(err)
		}
	}
}
