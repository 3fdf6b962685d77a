package retention

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// TestPruneRacesHooksOfTheSession: hooks go on writing a session (as a review does: the state
// under the session's lock, then a decision appended to the log) while passes prune the home,
// with a clock that makes every write old at once, so that each pass tries to remove the session
// while its hooks write. The hooks write until the passes have removed the session several times
// (however long a loaded machine makes that take): however they interleave, no decision is lost
// and none is counted twice: what the record counts and what the logs still hold add up to every
// decision ever logged.
func TestPruneRacesHooksOfTheSession(t *testing.T) {
	t.Parallel()
	h := newHome(t)
	const before, hooks, removals = 5, 4, 3
	h.session("s", old, before)
	store := &supervisor.SessionStore{Home: h.dir, Now: time.Now}
	var appended atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range hooks {
		wg.Go(func() {
			for n := 1; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := store.Update(context.Background(), "s", func(st *supervisor.State) error {
					st.Count++
					return nil
				}); err != nil {
					t.Error(err)
					return
				}
				if err := store.Append("s", decision("s", n)); err != nil {
					t.Error(err)
					return
				}
				appended.Add(1)
			}
		})
	}
	p := h.pruner()
	p.Now = func() time.Time { return time.Now().Add(retention + time.Hour) }
	passes := 0
	for deadline := time.Now().Add(time.Minute); h.record().Supervisor.Sessions < removals; passes++ {
		if time.Now().After(deadline) {
			break
		}
		pass(t, p)
	}
	close(stop)
	wg.Wait()
	rec := h.record()
	if rec.Supervisor.Sessions < removals {
		t.Fatalf("the session was removed %d times in %d passes within a minute; want %d: the passes did not race the hooks",
			rec.Supervisor.Sessions, passes, removals)
	}
	want := before + int(appended.Load())
	if got := rec.Supervisor.Totals.Decisions + h.logged().Decisions; got != want {
		t.Errorf("after %d passes: %d decisions counted and %d in the log, %d in all; want %d",
			passes, rec.Supervisor.Totals.Decisions, h.logged().Decisions, got, want)
	}
}
