package checks

import (
	"context"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// TestZeroRunner: a Runner left empty runs a check without a panic, on a real clock (the walk of
// the tree stays bounded in time), behind the real wall or refused by it, never bare; a check
// that names no time limit gets the wall's, which is a check's default.
func TestZeroRunner(t *testing.T) {
	if wall.DefaultTimeout != config.DefaultCheckTimeoutSeconds*time.Second {
		t.Errorf("wall.DefaultTimeout %s, want a check's default of %ds", wall.DefaultTimeout, config.DefaultCheckTimeoutSeconds)
	}
	ctx := context.Background()
	if ev := (Runner{}).Run(ctx, []config.Check{{Command: "true"}}, true); ev.Refused == "" {
		t.Errorf("a Runner with no directory ran its checks: %+v", ev)
	}
	dir := t.TempDir()
	ev := Runner{Dir: dir}.Run(ctx, []config.Check{{Command: "true"}}, false)
	if ev.Tree.Sum == "" || len(ev.Results) != 1 || ev.Results[0].Outcome != NotRun {
		t.Errorf("a Runner left empty, a question review: %+v", ev)
	}
	res := Runner{Dir: dir}.RunCheck(ctx, config.Check{Command: "true"}, 10)
	if (res.Outcome != Passed && res.Outcome != Refused) || res.RanAt.IsZero() {
		t.Errorf("a Runner left empty ran a check: %+v; want it passed behind the wall or refused, at a time", res)
	}
}
