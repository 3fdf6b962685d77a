// Package workflow enforces a task lifecycle: /mc opens a task, Stop is blocked until the user
// confirms the fix, repeated failures demand an expert review scored at least 8/10.
//
// Tasks live in <project>/tasks/task-YYYYMMDD-HHMMSS[-N]/ (TaskStore; the project is
// TasksProject's, docs/workflow.md, "Where the tasks are"), and tasks/ must be a real directory
// inside the project.
//
// Events:
//   - UserPromptSubmit: "/mc <description>" opens a task and answers with a reminder in
//     hookSpecificOutput.additionalContext. "/mc-confirm" or a confirmation phrase (see Confirms)
//     marks the session's task as confirmed by the user; one that finds no task says why.
//     Confirmation only ever comes from the user — a prompt, or the "### 用户反馈" section of the
//     task's context.md — never from assistant text. Every user prompt ends a run of
//     consecutive blocks, and records that the workflow's prompt hook ran for the turn.
//   - Stop: the session's task (sessionTask: its own, else one of its window's earlier session,
//     else a task file of the /mc design) is completed when the user confirmed it; where the
//     workflow is not installed for the session (installedHere) it is let through, said once;
//     otherwise the stop is blocked and a failure is counted. From the second failure on, the
//     reason demands an expert review (a subagent whose prompt contains /mc-review) until a
//     score of at least 8/10 is recorded.
//   - SubagentStop: a /mc-review subagent below 8/10 is sent back; a passing score is recorded.
//     Any other subagent is never read.
//   - PreToolUse of Edit, Write and MultiEdit: the agent's write of a task's record, or of a
//     confirmation into its context.md, is refused (Guard).
//
// The router never hands the workflow a Stop of a waiting agent (event.Event.Waiting).
//
// Loop safety: never more blocks in a run than workflow.max_iterations, nor more in a row than
// Claude Code's own cap counted as it counts them (package runs), per session for Stop and
// per subagent for SubagentStop; at a cap the stop is let through with a message and no failure
// counted (docs/workflow.md, "Loop safety"). The counters live in
// <ccc-hooks home>/workflow-<session id>.json.
//
// Every read-modify-write happens under one lock file in <ccc-hooks home>/locks/, and every file
// is written atomically. Task files that cannot be read are told to the user once per session and
// skipped, never overwritten.
package workflow

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// PassScore is the lowest expert review score (out of 10) that passes.
const PassScore = 8.0

// Options carries what the workflow needs from outside.
type Options struct {
	outside.Env
	// Config is the workflow's part of ccc.json (the router reads the file once). A zero
	// MaxIterations means the default.
	Config config.Workflow
	// Home is the ccc-hooks home (locks, per-session block counters); default paths.Home.
	Home string
	// Notify shows a desktop notification; nil means DesktopNotify. It is only called when
	// Config.Notify is set ("workflow": {"notify": true} in ccc.json), and must return within
	// about 100 ms.
	Notify func(ctx context.Context, title, body string)

	claudeCap int // Claude Code's cap on blocks in a row (0 = none), from Getenv
}

func (o Options) withDefaults() Options {
	o.Env = o.OrSystem()
	if o.Home == "" {
		o.Home = paths.Home(o.Getenv)
	}
	if o.Config.MaxIterations <= 0 {
		o.Config.MaxIterations = config.DefaultMaxIterations
	}
	o.claudeCap = runs.Cap(o.Getenv)
	if o.Notify == nil {
		env := o.Env
		o.Notify = func(ctx context.Context, title, body string) { DesktopNotify(ctx, env, title, body) }
	}
	return o
}

// newLogger returns the workflow's logger: text records on w, tagged with the profile.
func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, nil)).With("profile", "workflow")
}

// Handle reacts to UserPromptSubmit, Stop, SubagentStop and the PreToolUse of the tools that
// write a file (the router keeps a reviewer's own session and a waiting agent's Stop away from
// it). Its answer is final when the workflow decided the event: a block, a stop let through at a
// cap, a reminder or confirmation for the model, an edit refused. It is no opinion when there is
// no task to act on, or when a Stop completes the task or finds the workflow not installed for
// the session (the supervisor may still review that stop); its notice then says what the user
// must know.
func Handle(ctx context.Context, ev *event.Event, opts Options) (event.Answer, error) {
	if ev != nil && ev.Name == event.PreToolUse {
		if out := Guard(ev); out != nil {
			return event.Final(out), nil
		}
		return event.NoOpinion(), nil
	}
	opts = opts.withDefaults()
	if ev == nil || !event.ValidSessionID(ev.SessionID) {
		return event.NoOpinion(), nil
	}
	start := paths.ProjectDir(paths.Project{ClaudeProjectDir: opts.Getenv("CLAUDE_PROJECT_DIR"), WD: ev.CWD})
	project := TasksProject(paths.Place{Dir: start, Getenv: opts.Getenv})
	if project == "" {
		return event.NoOpinion(), nil
	}
	h := &handler{ctx: ctx, ev: ev, opts: opts, log: newLogger(opts.Stderr), start: start, store: NewTaskStore(project, opts.Home, opts.Stderr)}
	var (
		out *event.Output
		err error
	)
	switch ev.Name {
	case event.UserPromptSubmit:
		out, err = h.prompt()
	case event.Stop:
		out, err = h.stop()
	case event.SubagentStop:
		out, err = h.subagentStop()
	}
	if errors.Is(err, ErrTasksOutside) {
		return event.NoOpinion(), nil // refused and logged by the store: the workflow does not act here
	}
	if out == nil {
		return event.Answer{Notice: h.notice}, err
	}
	return event.Final(event.WithNotice(out, h.notice)), err
}

// handler is one invocation of Handle.
type handler struct {
	ctx  context.Context
	ev   *event.Event
	opts Options
	log  *slog.Logger
	// start is the session's project directory ($CLAUDE_PROJECT_DIR), where Claude Code reads
	// the project's settings; the tasks may live at the top of its repository (TasksProject).
	start string
	store *TaskStore
	// notice is what the user is told with the answer, whatever it is (event.Answer.Notice).
	notice string
}

// say adds msg, when there is one, to what the user is told.
func (h *handler) say(msg string) {
	if msg == "" {
		return
	}
	if h.notice != "" {
		msg = h.notice + "\n" + msg
	}
	h.notice = msg
}

func (h *handler) withLock(fn func() error) error {
	unlock, err := h.store.Lock(h.ctx)
	if err != nil {
		return err
	}
	defer unlock()
	return fn()
}
