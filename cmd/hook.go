package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/hookrt"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// hookOptions are the inputs of one hook run.
type hookOptions struct {
	// SessionID, when HasSessionID, replaces stdin: the event is a Stop of that session.
	SessionID    string
	HasSessionID bool
}

func newHookCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "hook",
		Short: "Answer one Claude Code hook event read on stdin (run by Claude Code)",
		Long: `hook is the command Claude Code runs when a hook event fires. It reads one event (JSON)
on stdin and prints at most one JSON object on stdout: the supervisor's or the workflow's answer.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runHook(c.Context(), env, hookOptions{})
		},
	}
}

// runHook reads the event, runs the profiles and prints their answer. Bad input exits 2 and
// writes nothing anywhere; a failed review of a Stop exits 1 (non-blocking for Claude Code).
func runHook(ctx context.Context, env *Env, opts hookOptions) error {
	ev, err := readEvent(env, opts)
	if err != nil {
		return &ExitError{Code: 2, Err: err, Bare: true}
	}
	out, err := hookrt.Run(ctx, ev, hookrt.Options{Getenv: env.Getenv, Now: env.Now, Stderr: env.IO.ErrOut})
	var failed *hookrt.ReviewFailedError
	if errors.As(err, &failed) {
		return &ExitError{Code: 1, Err: failed, Bare: true}
	}
	if err != nil {
		return err
	}
	if err := out.Write(env.IO.Out); err != nil {
		return fmt.Errorf("write hook output: %w", err)
	}
	return nil
}

func readEvent(env *Env, opts hookOptions) (*event.Event, error) {
	if !opts.HasSessionID {
		return event.Parse(env.IO.In)
	}
	switch {
	case opts.SessionID == "":
		return nil, &event.ParseError{Err: errors.New("missing session_id")}
	case !event.ValidSessionID(opts.SessionID):
		return nil, &event.ParseError{Err: fmt.Errorf("unsafe session_id %q: want [A-Za-z0-9._-]{1,128}", opts.SessionID)}
	}
	return &event.Event{SessionID: opts.SessionID, Name: event.Stop}, nil
}
