package hookrt

import (
	"context"

	"github.com/ccc-hooks/ccc-hooks/hookrt/retention"
)

// pruneSlice is how many groups of files (a session's, a window's) a hook run examines at least
// when a pass over ccc-hooks home is due (package retention): beside a review it goes on while
// the reviewer runs; after the workflow answered it stops there. Measured in docs/performance.md.
const pruneSlice = 16

// pruner returns a step of the pruning of ccc-hooks home (package retention) for this run: it
// examines at least n groups when a pass is due, and more until its context is done unless only
// is set. It is never on the fast path: only a hook run that reviews, or in which the workflow
// answered, takes a step. Failures are logged; they never change the answer. What the step needs
// of the run is read here, so that it may run beside the review (it makes its own logger).
func (rt *hookRun) pruner(n int, only bool) func(context.Context) {
	p := &retention.Pruner{
		Home:      rt.home(),
		Retention: rt.config().Retention(),
		Now:       rt.opts.Now,
		Keep:      []string{rt.ev.SessionID},
	}
	env := rt.opts.Env // a copy: the step may run beside the review
	return func(ctx context.Context) {
		if only {
			done, cancel := context.WithCancel(ctx)
			cancel()
			ctx = done
		}
		if _, err := p.Step(ctx, n); err != nil {
			env.Log().Warn("cannot prune ccc-hooks home", "err", err)
		}
	}
}
