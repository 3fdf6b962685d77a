package retention

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// TestPruneRacesHooksOfTheSession: hooks go on writing a session (as a review does: the state
// under the session's lock, then a decision appended to the log) while passes prune the home,
// with a clock that makes every write old at once, so that each pass tries to remove the session
// while its hooks write. However they interleave, no decision is lost and none is counted twice:
// what the record counts and what the logs still hold add up to every decision ever logged.
func TestPruneRacesHooksOfTheSession(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	const before, hooks, reviews = 5, 4, 25
	h.session("s", old, before)
	store := &supervisor.SessionStore{Home: h.dir}
	var wg sync.WaitGroup
	for range hooks {
		wg.Go(func() {
			for n := range reviews {
				if _, err := store.Update(context.Background(), "s", func(st *supervisor.State) error {
					st.Count++
					return nil
				}); err != nil {
					t.Error(err)
					return
				}
				if err := store.Append("s", decision("s", n+1)); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	p := h.pruner()
	p.Now = func() time.Time { return time.Now().Add(retention + time.Hour) }
	passes := 0
	for running := true; running; passes++ {
		select {
		case <-done:
			running = false
		default:
			time.Sleep(time.Millisecond)
		}
		pass(t, p)
	}
	rec := h.record()
	if got, want := rec.Supervisor.Totals.Decisions+h.logged().Decisions, before+hooks*reviews; got != want {
		t.Errorf("after %d passes: %d decisions counted and %d in the log, %d in all; want %d",
			passes, rec.Supervisor.Totals.Decisions, h.logged().Decisions, got, want)
	}
	if rec.Supervisor.Sessions < 2 {
		t.Errorf("the session was pruned %d times in %d passes: the passes did not race the hooks", rec.Supervisor.Sessions, passes)
	}
}
