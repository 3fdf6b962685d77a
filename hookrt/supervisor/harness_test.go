package supervisor

import (
	"context"
	"errors"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// optsOf are the options the router gives Handle in e: the supervisor's part of ccc.json as the
// router reads it, and e's environment, on a machine without Claude Code's Bash sandbox and
// without the copy-on-write wall (the tests that need either say so: sandbox_test.go,
// walled_test.go).
func optsOf(e *hooktest.Env) Options {
	cfg, _, _ := config.Load(e.ConfigFile())
	return Options{
		Env:    e.Hook(),
		Config: cfg,
		Review: ReviewOptions{ManagedSettings: e.ManagedSettings(), Sandbox: noSandbox, Probe: noWall},
	}
}

// noWall is a machine where the copy-on-write wall does not stand.
func noWall(context.Context) error { return errors.New("no copy-on-write wall in this test") }

// noSandbox is a machine without Claude Code's Bash sandbox.
func noSandbox(context.Context, string) bashsandbox.Finding {
	return bashsandbox.Finding{Backend: "bubblewrap", Missing: []string{"bwrap", "socat"}}
}

func storeOf(e *hooktest.Env) *SessionStore { return &SessionStore{Home: e.Home(), Now: time.Now} }

// run is Handle, checking that the supervisor's answer is always final.
func run(ctx context.Context, ev *event.Event, opts Options) (*event.Output, error) {
	ans, err := Handle(ctx, ev, opts)
	if !ans.Final {
		return nil, &notFinalError{}
	}
	return ans.Out, err
}

type notFinalError struct{}

func (*notFinalError) Error() string { return "the supervisor's answer is not final" }
