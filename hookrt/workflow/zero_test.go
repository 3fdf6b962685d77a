package workflow

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// TestZeroOptions: Options left empty are the system's outside world (outside.Env.OrSystem),
// the ccc-hooks home it names, and the caps' defaults, never "no cap"; Handle panics nowhere and,
// with no task, has no opinion.
func TestZeroOptions(t *testing.T) {
	home := hooktest.SystemHome(t)
	t.Setenv(runs.CapVar, "")
	o := Options{}.withDefaults()
	if o.Getenv == nil || o.Notify == nil || o.Home != filepath.Join(home, ".claude", "ccc") {
		t.Errorf("defaults: home %q, getenv set %v, notify set %v", o.Home, o.Getenv != nil, o.Notify != nil)
	}
	if o.Config.MaxIterations <= 0 || o.claudeCap != blockcap.Default {
		t.Errorf("caps: max_iterations %d, Claude Code's %d; want the defaults", o.Config.MaxIterations, o.claudeCap)
	}
	ans, err := Handle(context.Background(), &event.Event{SessionID: session, Name: event.Stop, CWD: home}, Options{})
	if err != nil || ans.Final || ans.Out != nil {
		t.Errorf("a Stop with no task: %+v, %v; want no opinion", ans, err)
	}
}
