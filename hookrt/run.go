// Package hookrt answers Claude Code hook events. Run routes one event to the profiles — the
// workflow (task lifecycle) and the supervisor (a forked Claude session that reviews the work) —
// and returns the one output the hook prints.
package hookrt

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/once"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewguard"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// onceDir is the folder of ccc-hooks home holding the answered-once records.
const onceDir = "once"

// ReasonGuard is the reason given inside a reviewer's own session (CCC_SUPERVISOR_HOOK=1).
const ReasonGuard = "inside a supervisor review session"

// Options carries the side effects of one hook run.
type Options struct {
	Getenv func(string) string
	// Environ returns the environment handed to the reviewer (os.Environ when nil).
	Environ func() []string
	Now     func() time.Time
	// Stderr receives warnings (never stdout, which is the hook protocol).
	Stderr io.Writer
	// ReviewTimeout, when positive, replaces supervisor.timeout_seconds. Only tests set it.
	ReviewTimeout time.Duration
	// Caller names how Claude Code ran this invocation: its command line and the plugin it
	// belongs to. Claude Code runs each distinct command once per event, so copies of an event
	// come from different callers (see package once).
	Caller string
	// Executable returns the path of this binary, which the reviewer's read-only hook runs
	// (os.Executable when nil).
	Executable func() (string, error)
	// ManagedSettings is the managed settings file (the operating system's when empty).
	ManagedSettings string
}

// ReviewFailedError is a failed review of a Stop event. The hook exits 1 with its message, which
// Claude Code treats as a non-blocking error.
type ReviewFailedError struct{ Err error }

func (e *ReviewFailedError) Error() string { return "supervisor SDK failed: " + e.Err.Error() }
func (e *ReviewFailedError) Unwrap() error { return e.Err }

// Run answers ev. A nil output means print nothing. Errors other than *ReviewFailedError are
// failures of ccc-hooks itself (for example an unwritable state file).
func Run(ctx context.Context, ev *event.Event, opts Options) (*event.Output, error) {
	opts = opts.withDefaults()
	rt := &hookRun{opts: opts, ev: ev}
	if opts.Getenv(supervisor.GuardEnv) == "1" {
		// Inside a reviewer's own session: no profile applies, let it finish; its tool calls
		// (and its subagents') meet the read-only rule.
		switch ev.Name {
		case event.UserPromptSubmit, event.SubagentStop:
			return nil, nil
		case event.PreToolUse:
			return rt.guardReviewer(), nil
		}
		return allow(ev, ReasonGuard), nil
	}
	ticket, first := rt.claim(ctx)
	if !first {
		return nil, nil // a copy of an event another invocation answers
	}
	defer rt.done(ticket)
	switch ev.Name {
	case event.PreToolUse:
		return rt.supervise(ctx)
	case event.UserPromptSubmit, event.SubagentStop:
		return rt.workflow(ctx), nil
	default: // Stop and any event we do not know
		if out := rt.workflow(ctx); out != nil {
			return out, nil
		}
		return rt.supervise(ctx)
	}
}

// claim makes the event answered once (see package once): first is false for a copy of an event
// another invocation answers. An event read without stdin (supervisor-hook --session-id) has no
// payload to compare and is always answered; so is every event when the records cannot be kept
// (logged), as before answered-once existed.
func (rt *hookRun) claim(ctx context.Context) (ticket *once.Ticket, first bool) {
	if len(rt.ev.Raw) == 0 {
		return nil, true
	}
	ticket, first, err := once.Claim(ctx, filepath.Join(rt.home(), onceDir), rt.ev.Raw, rt.opts.Caller, rt.opts.Now)
	if err != nil {
		rt.log().Warn("answering without the answered-once check", "err", err)
		return nil, true
	}
	return ticket, first
}

func (rt *hookRun) done(ticket *once.Ticket) {
	if err := ticket.Done(); err != nil {
		rt.log().Warn("cannot record the answer of this event", "err", err)
	}
}

func (o Options) withDefaults() Options {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Environ == nil {
		o.Environ = os.Environ
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Executable == nil {
		o.Executable = os.Executable
	}
	if o.ManagedSettings == "" {
		o.ManagedSettings = paths.ManagedFile()
	}
	return o
}

// hookRun is the state of one Run: paths and the config, read once.
type hookRun struct {
	opts   Options
	ev     *event.Event
	cfg    *config.Supervisor
	logger *slog.Logger
}

func (rt *hookRun) log() *slog.Logger {
	if rt.logger == nil {
		rt.logger = slog.New(slog.NewTextHandler(rt.opts.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return rt.logger
}

func (rt *hookRun) configDir() string { return paths.ConfigDir(rt.opts.Getenv) }
func (rt *hookRun) home() string      { return paths.Home(rt.opts.Getenv) }

// config loads the supervisor's settings from ccc.json once; problems (of the file and of that
// key) are logged and the defaults used in their place. The workflow reads its own key when it
// notifies.
func (rt *hookRun) config() config.Supervisor {
	if rt.cfg != nil {
		return *rt.cfg
	}
	path := paths.ConfigFile(rt.opts.Getenv)
	cfg, problems, err := config.Load(path)
	if err != nil {
		rt.log().Warn("using default supervisor settings", "err", err)
	}
	for _, p := range problems {
		rt.log().Warn("ignoring a setting of "+path, "problem", p.String())
	}
	rt.cfg = &cfg
	return cfg
}

// workflow asks the workflow profile; its failures are logged, never fatal to the session.
func (rt *hookRun) workflow(ctx context.Context) *event.Output {
	out, err := workflow.Handle(ctx, rt.ev, workflow.Options{
		Getenv:     rt.opts.Getenv,
		Now:        rt.opts.Now,
		Home:       rt.home(),
		ConfigFile: paths.ConfigFile(rt.opts.Getenv),
		MaxBlocks:  rt.config().MaxIterations,
		Stderr:     rt.opts.Stderr,
	})
	if err != nil {
		rt.log().Warn("workflow failed", "event", rt.ev.Name, "err", err)
		return nil
	}
	return out
}

// guardReviewer answers a PreToolUse inside a reviewer's session: deny what the read-only rule
// refuses (see package reviewguard), and give no decision otherwise, so that Claude Code's own
// permission checks still apply to what is granted.
func (rt *hookRun) guardReviewer() *event.Output {
	if err := reviewguard.Check(rt.ev.ToolName, rt.ev.ToolInput, rt.config().AllowedTools); err != nil {
		return event.Permission("deny", reviewguard.Reason(err))
	}
	return nil
}

// allow is the "let it go" answer for ev: a reason for Stop-like events, a permission for
// AskUserQuestion, and nothing for any other tool (allowing it would bypass Claude Code's prompts).
func allow(ev *event.Event, reason string) *event.Output {
	if ev.Name != event.PreToolUse {
		return event.Allow(reason)
	}
	if ev.ToolName != event.AskUserQuestion {
		return nil
	}
	return event.Permission("allow", reason)
}

// refuse is the "keep working" answer for ev: block for Stop-like events, deny for PreToolUse.
func refuse(ev *event.Event, reason string) *event.Output {
	if ev.Name == event.PreToolUse {
		return event.Permission("deny", reason)
	}
	return event.Block(reason)
}
