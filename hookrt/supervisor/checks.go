package supervisor

import (
	"context"

	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// evidence runs the project's checks (supervisor.checks) for the review about to start: for a
// Stop each runs behind the copy-on-write wall unless the tree is unchanged since its last
// result; for a question results are only reused (package checks). It runs only for a review the
// caps admitted: never on the fast path, while the agent waits, or when a cap or the budget
// stands the review aside.
func (s *supervision) evidence(ctx context.Context) checks.Evidence {
	list := s.opts.Config.ChecksFor(s.ev.CWD)
	if len(list) == 0 {
		return checks.Evidence{}
	}
	r := checks.NewRunner(s.opts.Env, s.ev.SessionID, s.ev.CWD, s.opts.Config.Wall)
	r.Wall = s.opts.Review.Wall
	return r.Run(ctx, list, s.ev.Name != event.PreToolUse)
}

// wallStands reports whether the copy-on-write wall stands for this review, so that every Bash
// command of the reviewer runs behind it (reviewer.InsideReview): unless supervisor.wall.reviewer
// is false, as the checks' evidence ev and a trial run tell (checks.Evidence.WallStands). Where it
// does not, the read-only rule holds alone.
func (s *supervision) wallStands(ctx context.Context, ev checks.Evidence) bool {
	if !s.opts.Config.Wall.Reviewer {
		return false
	}
	err := ev.WallStands(ctx, paths.HomeDir(s.opts.Getenv), s.opts.Review.Probe)
	if err != nil {
		s.opts.Log().Info("the reviewer's commands meet the read-only rule alone: no copy-on-write wall here", "err", err)
	}
	return err == nil
}
