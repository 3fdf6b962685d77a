package workflow

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// stopAndReview runs a Stop and the SubagentStop of a review scoring score at the same moment.
func (f *fixture) stopAndReview(score int) (stop, review <-chan error) {
	stopDone, reviewDone := make(chan error, 1), make(chan error, 1)
	start := make(chan struct{})
	transcript := f.reviewTranscript("/mc-review check the fix", "")
	go func() {
		<-start
		out, err := f.tryHandle(event.Stop, map[string]any{"stop_hook_active": false, "last_assistant_message": "done"})
		if err == nil && (out == nil || out.Decision != "block") {
			err = fmt.Errorf("stop: got %+v, want a block", out)
		}
		stopDone <- err
	}()
	go func() {
		<-start
		_, err := f.tryHandle(event.SubagentStop, map[string]any{
			"agent_id": "a4c05a14a9d88b8a2", "agent_transcript_path": transcript,
			"last_assistant_message": fmt.Sprintf("Score: %d/10", score),
		})
		reviewDone <- err
	}()
	close(start)
	return stopDone, reviewDone
}

// TestLockHeldHoldsBackStopAndReview: while another process holds the workflow lock, neither a
// Stop nor a review's SubagentStop writes the task: once both wait for the lock, the task is as
// it was and neither has answered; once it is released both land.
func TestLockHeldHoldsBackStopAndReview(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	unlock, err := safefile.Lock(context.Background(), LockPath(f.home), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	stop, review := f.stopAndReview(9)
	testproc.WaitBlocked(t, lockWait, 2)
	if task := f.only(); task.FailureCount != 0 || task.ExpertReviewScore != nil {
		unlock()
		t.Fatalf("the task was written while another process held the lock: %+v", task.Meta)
	}
	select {
	case err := <-stop:
		unlock()
		t.Fatalf("the Stop was answered (err %v) while another process held the lock", err)
	case err := <-review:
		unlock()
		t.Fatalf("the SubagentStop was answered (err %v) while another process held the lock", err)
	default:
	}
	unlock()
	for _, ch := range []<-chan error{stop, review} {
		if err := <-ch; err != nil {
			t.Error(err)
		}
	}
	task := f.only()
	if task.FailureCount != 1 || task.ExpertReviewScore == nil || *task.ExpertReviewScore != 9 {
		t.Errorf("after the lock was released: failure_count %d, score %v; want 1 and 9", task.FailureCount, task.ExpertReviewScore)
	}
}

// lockWait is where a goroutine waits for a lock another holds (safefile.Lock), between tries.
const lockWait = "github.com/gofrs/flock.tryCtx"

// TestParallelStopAndReviewBothLand: a Stop and a review's SubagentStop of the same task that
// arrive together, round after round, each leave their mark: every failure is counted and every
// score is recorded.
func TestParallelStopAndReviewBothLand(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	const rounds = 40
	for i := 1; i <= rounds; i++ {
		score := 5 + i%5
		stop, review := f.stopAndReview(score)
		var wg sync.WaitGroup
		for _, ch := range []<-chan error{stop, review} {
			wg.Go(func() {
				if err := <-ch; err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		task := f.only()
		if task.FailureCount != i || task.ExpertReviewScore == nil || *task.ExpertReviewScore != float64(score) {
			t.Fatalf("round %d: failure_count %d, score %v; want %d and %d (a write was lost)",
				i, task.FailureCount, task.ExpertReviewScore, i, score)
		}
	}
}
