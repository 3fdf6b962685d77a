package hookrt

import (
	"context"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
)

// TestZeroOptions: the router's Options left empty are the system's outside world
// (outside.Env.OrSystem): a Stop is answered, the supervisor being off by default, and nothing
// panics.
func TestZeroOptions(t *testing.T) {
	home := hooktest.SystemHome(t)
	out, err := Run(context.Background(), &event.Event{SessionID: "zero", Name: event.Stop, CWD: home}, Options{})
	if err != nil || out == nil || out.Reason == nil {
		t.Errorf("a Stop with nothing set: %+v, %v; want it let through with the supervisor's reason", out, err)
	}
}
