// Package hookrt answers Claude Code hook events: Run routes one event to the profiles — the
// workflow (package workflow, a task lifecycle) and the supervisor (package supervisor, a forked
// Claude session that reviews the work) — and returns the one output the hook prints.
//
// The router keeps what the profiles share, each done once per hook run: the recursion guard
// (inside a reviewer's own session no profile applies), answering copies of an event once
// (package once), reading ccc.json (each profile is handed its own part), and the rule that a
// Stop while the agent waits on background work is neither counted, reviewed nor blocked by any
// profile. A profile's answer says whether it is final (event.Answer): on a Stop the workflow
// is asked first, and the supervisor only when the workflow has no opinion.
//
// The router also keeps ccc-hooks home bounded (prune.go): it asks package retention for a step
// of pruning after the workflow answered and beside a review, which the supervisor says has
// started; no profile calls back into the router or into retention.
package hookrt

import (
	"context"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/once"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// onceDir is the folder of ccc-hooks home holding the answered-once records.
const onceDir = "once"

// Options carries the side effects of one hook run.
type Options struct {
	// Env is the outside world of the run (outside.System, built once by the command that runs
	// the hook), handed whole to each profile.
	outside.Env
	// Caller names how Claude Code ran this invocation: its command line and the plugin it
	// belongs to. Claude Code runs each distinct command once per event, so copies of an event
	// come from different callers (see package once).
	Caller string
	// Review is what tests change of how the supervisor's reviews run.
	Review supervisor.ReviewOptions
}

// Run answers ev. A nil output means print nothing. A failed review of a Stop is a
// *supervisor.ReviewFailedError; other errors are failures of ccc-hooks itself (for example an
// unwritable state file).
func Run(ctx context.Context, ev *event.Event, opts Options) (*event.Output, error) {
	opts.Env = opts.OrSystem()
	rt := &hookRun{opts: opts, ev: ev}
	if opts.Getenv(reviewer.GuardEnv) == "1" {
		// Inside a reviewer's own session: its tool calls (and its subagents') meet the
		// read-only rule, and nothing else applies.
		return reviewer.InsideReview(ev, rt.config().Supervisor, opts.Env), nil
	}
	if ev.Name == event.PreToolUse && workflow.Guards(ev.ToolName) {
		// The workflow's guard of the task files: the tools that write a file are its alone (a
		// review of every edit is not the supervisor's to start), and its answer reads no state,
		// so a copy of the event answers alike.
		return workflow.Guard(ev), nil
	}
	ticket, first := rt.claim(ctx)
	if !first {
		return nil, nil // a copy of an event another invocation answers
	}
	defer rt.done(ticket)
	// The agent waits on background work: Claude Code starts a new turn when it ends, and that
	// turn's Stop is the one to judge. No profile counts, reviews or blocks this one.
	waiting := ev.Waiting(opts.Now().Local()) // session_crons are in local time
	switch ev.Name {
	case event.PreToolUse:
		return rt.supervise(ctx, false)
	case event.UserPromptSubmit, event.SubagentStop:
		ans := rt.workflowPruned(ctx)
		return event.WithNotice(ans.Out, ans.Notice), nil
	}
	// Stop and any event we do not know.
	var notice string
	if !waiting {
		ans := rt.workflowPruned(ctx)
		if ans.Final {
			return ans.Out, nil
		}
		notice = ans.Notice
	}
	out, err := rt.supervise(ctx, waiting)
	if err == nil && disabledAllow(out) && workflow.RanForTurn(rt.home(), ev) {
		// The Stop entry serves the workflow, which let the stop through; a supervisor that does
		// not review this session has nothing to say.
		out = nil
	}
	return event.WithNotice(out, notice), err
}

// disabledAllow reports whether out is the supervisor's answer for a session it does not review.
func disabledAllow(out *event.Output) bool {
	return out != nil && out.Decision == "" && out.Reason != nil && *out.Reason == supervisor.ReasonDisabled &&
		out.SystemMessage == "" && out.HookSpecificOutput == nil
}

// claim makes the event answered once (see package once): first is false for a copy of an event
// another invocation answers. An event read without stdin (supervisor-hook --session-id) has no
// payload to compare and is always answered; so is every event when the records cannot be kept
// (logged): a second answer costs a review, a skipped one lets work through unreviewed.
func (rt *hookRun) claim(ctx context.Context) (ticket *once.Ticket, first bool) {
	if len(rt.ev.Raw) == 0 {
		return nil, true
	}
	ticket, first, err := once.Claim(ctx, filepath.Join(rt.home(), onceDir), rt.ev.Raw, rt.opts.Caller, rt.opts.Now)
	if err != nil {
		rt.opts.Log().Warn("answering without the answered-once check", "err", err)
		return nil, true
	}
	return ticket, first
}

func (rt *hookRun) done(ticket *once.Ticket) {
	if err := ticket.Done(); err != nil {
		rt.opts.Log().Warn("cannot record the answer of this event", "err", err)
	}
}

// hookRun is the state of one Run: the event, the options and ccc.json, read once.
type hookRun struct {
	opts Options
	ev   *event.Event
	cfg  *config.Config
}

func (rt *hookRun) home() string { return paths.Home(rt.opts.Getenv) }

// config reads ccc.json once, when a profile first needs it; problems (of the file and of each
// key) are logged and the defaults used in their place.
func (rt *hookRun) config() config.Config {
	if rt.cfg != nil {
		return *rt.cfg
	}
	path := paths.ConfigFile(rt.opts.Getenv)
	cfg, problems, err := config.LoadAll(path)
	if err != nil {
		rt.opts.Log().Warn("using the default settings", "err", err)
	}
	for _, p := range problems {
		rt.opts.Log().Warn("ignoring a setting of "+path, "problem", p.String())
	}
	rt.cfg = &cfg
	return cfg
}

// workflow asks the workflow profile; its failures are logged, never fatal to the session, and
// leave the event to the supervisor.
func (rt *hookRun) workflow(ctx context.Context) event.Answer {
	ans, err := workflow.Handle(ctx, rt.ev, workflow.Options{Env: rt.opts.Env, Config: rt.config().Workflow, Home: rt.home()})
	if err != nil {
		rt.opts.Log().Warn("workflow failed", "event", rt.ev.Name, "err", err)
		return event.NoOpinion()
	}
	return ans
}

// workflowPruned asks the workflow, and when it answered (opened a task, reminded, blocked: the
// runs in which it writes) prunes a slice of ccc-hooks home, so that a home only the workflow
// writes to stays bounded too.
func (rt *hookRun) workflowPruned(ctx context.Context) event.Answer {
	ans := rt.workflow(ctx)
	if ans.Out != nil {
		rt.pruneAfterAnswer()
	}
	return ans
}

// supervise asks the supervisor profile, the last one: its answer is the hook's. While its review
// runs, ccc-hooks home is pruned beside it.
func (rt *hookRun) supervise(ctx context.Context, waiting bool) (*event.Output, error) {
	reviewing := make(chan struct{}, 1)
	answered := rt.pruneBesideReview(ctx, reviewing)
	ans, err := supervisor.Handle(ctx, rt.ev, supervisor.Options{
		Env: rt.opts.Env, Config: rt.config().Supervisor, Review: rt.opts.Review, Waiting: waiting,
		Reviewing: reviewing,
	})
	answered()
	return ans.Out, err
}
