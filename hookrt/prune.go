package hookrt

import (
	"context"
	"log/slog"

	"github.com/ccc-hooks/ccc-hooks/hookrt/retention"
)

// The router takes a step of pruning ccc-hooks home (package retention) only in a hook run that
// writes there or waits anyway: after the workflow answered (retention's Step, which the answer
// waits for), and beside a review (StepWhile, from when the supervisor says a review starts until
// it has answered). The fast path prunes nothing. Failures are logged; they never change the
// answer.

// pruner returns the pruner of ccc-hooks home for this run: the run's own session is never
// pruned. What it needs of the run is read here, so that its step may run beside the
// supervisor.
func (rt *hookRun) pruner() *retention.Pruner {
	return &retention.Pruner{
		Home:      rt.home(),
		Retention: rt.config().Retention(),
		Now:       rt.opts.Now,
		Keep:      []string{rt.ev.SessionID},
	}
}

// pruneAfterAnswer takes the step of a hook run in which the workflow answered.
func (rt *hookRun) pruneAfterAnswer() {
	_, err := rt.pruner().Step()
	pruned(rt.opts.Log, err)
}

// pruneBesideReview waits, beside the supervisor, for it to say a review starts (reviewing), and
// then prunes while the review runs. The returned function says the supervisor has answered:
// it ends the step, which finishes the batch it is removing, and waits for it. Where no review
// starts, nothing is pruned.
func (rt *hookRun) pruneBesideReview(ctx context.Context, reviewing <-chan struct{}) (answered func()) {
	p, log := rt.pruner(), rt.opts.Log // read before the step runs beside the supervisor
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-reviewing:
			_, err := p.StepWhile(ctx)
			pruned(log, err)
		case <-ctx.Done():
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// pruned logs the failure of a step, if any.
func pruned(log func() *slog.Logger, err error) {
	if err != nil {
		log().Warn("cannot prune ccc-hooks home", "err", err)
	}
}
