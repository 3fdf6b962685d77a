package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/ccc-hooks/ccc-hooks/hookrt"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// hookOptions are the inputs of one hook run.
type hookOptions struct {
	// SessionID, when HasSessionID, replaces stdin: the event is a Stop of that session.
	SessionID    string
	HasSessionID bool
	// Command is the subcommand that runs the hook: "hook" (the default) or "supervisor-hook".
	Command string
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
	outside := env.Env
	outside.Stderr = env.IO.ErrOut // the hook's warnings go where this command's errors go
	out, err := hookrt.Run(ctx, ev, hookrt.Options{Env: outside, Caller: hookCaller(env, opts)})
	var failed *supervisor.ReviewFailedError
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

// hookCaller names how Claude Code ran this hook: the program as the command spelt it, the
// subcommand, and the plugin (Claude Code sets CLAUDE_PLUGIN_ROOT for a plugin's hooks only).
// Two settings entries with different binary paths, or a plugin hook beside a settings hook,
// are different callers; Claude Code runs each once per event.
func hookCaller(env *Env, opts hookOptions) string {
	command := opts.Command
	if command == "" {
		command = "hook"
	}
	return env.Argv0 + " " + command + " plugin=" + env.Getenv("CLAUDE_PLUGIN_ROOT")
}

func readEvent(env *Env, opts hookOptions) (*event.Event, error) {
	if !opts.HasSessionID {
		if isTerminal(env.IO.In) {
			// Claude Code always pipes the event; a person typing would wait on a silent prompt.
			return nil, &event.ParseError{Err: errors.New("stdin is a terminal; Claude Code runs this command with the event as JSON on stdin")}
		}
		return event.Parse(env.IO.In)
	}
	if err := event.CheckSessionID(opts.SessionID); err != nil {
		return nil, err
	}
	return &event.Event{SessionID: opts.SessionID, Name: event.Stop}, nil
}

// isTerminal reports whether r is a terminal (a file descriptor for which term.IsTerminal holds).
func isTerminal(r io.Reader) bool {
	f, ok := r.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}
