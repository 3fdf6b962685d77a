package hookrt

import (
	"context"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// TestZeroOptions: the router's Options left empty are the system's outside world
// (outside.Env.OrSystem): a Stop is answered, the supervisor being off by default, and nothing
// panics.
func TestZeroOptions(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CCC_CONFIG_DIR", "")
	t.Setenv("CLAUDE_PROJECT_DIR", home)
	t.Setenv("CCC_SUPERVISOR_HOOK", "")
	t.Setenv("CCC_SUPERVISOR_ID", "")
	out, err := Run(context.Background(), &event.Event{SessionID: "zero", Name: event.Stop, CWD: home}, Options{})
	if err != nil || out == nil || out.Reason == nil {
		t.Errorf("a Stop with nothing set: %+v, %v; want it let through with the supervisor's reason", out, err)
	}
}
