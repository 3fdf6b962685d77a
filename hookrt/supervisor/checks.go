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
	r := checks.Runner{
		Store:     checks.Store{Home: paths.Home(s.opts.Getenv)},
		SessionID: s.ev.SessionID,
		Dir:       s.ev.CWD,
		Home:      paths.HomeDir(s.opts.Getenv),
		Env:       checks.Environment(s.opts.Environ()),
		Now:       s.opts.Now,
		Log:       s.opts.Log(),
		Wall:      s.opts.Review.Wall,
	}
	return r.Run(ctx, list, s.ev.Name != event.PreToolUse)
}
