package supervisor

import (
	"context"
	"fmt"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// ReasonDisabled is the reason given when the supervisor is off for the session.
const ReasonDisabled = "supervisor mode disabled"

// approvedFeedback stands in for an empty feedback of an approving review.
const approvedFeedback = "supervisor review passed"

// Options carries what one supervisor answer needs from the router and the outside world.
type Options struct {
	// Env is the outside world of the hook run (the router's, whole).
	outside.Env
	// Config is this hook run's supervisor settings (the router reads ccc.json once).
	Config config.Supervisor
	// Review is what tests change of how a review runs.
	Review ReviewOptions
	// Waiting is the router's finding that a Stop came while the agent waits on background
	// work (event.Event.Waiting): the supervisor then says only whether it is off.
	Waiting bool
	// Reviewing, when set, is told when a review starts: the supervisor sends on it, without
	// waiting, as it starts the reviewer. It calls nothing through it; the router prunes
	// ccc-hooks home beside the review from then on, until the answer.
	Reviewing chan<- struct{}
}

// ReviewOptions is what tests change of how a review runs.
type ReviewOptions struct {
	// Timeout, when positive, replaces supervisor.timeout_seconds.
	Timeout time.Duration
	// ManagedSettings is the managed settings file (the operating system's when empty).
	ManagedSettings string
	// Sandbox finds whether Claude Code's Bash sandbox can run here
	// (reviewer.SandboxCheckOf the hook's outside world when nil).
	Sandbox reviewer.SandboxCheck
	// Wall runs a check behind the copy-on-write wall (wall.Run when nil).
	Wall checks.RunWall
	// Probe says whether the wall stands here when no check of the review showed it
	// (checks.Evidence.WallStands; wall.Probe when nil).
	Probe func(context.Context) error
}

// ReviewFailedError is a failed review of a Stop event. The hook exits 1 with its message, which
// Claude Code treats as a non-blocking error.
type ReviewFailedError struct{ Err error }

func (e *ReviewFailedError) Error() string { return "supervisor SDK failed: " + e.Err.Error() }
func (e *ReviewFailedError) Unwrap() error { return e.Err }

// Handle answers ev for the supervisor profile (the router has checked the recursion guard, see
// reviewer.InsideReview), in this order: off for the session → allow with ReasonDisabled; the agent
// waiting on background work → nothing; a cap reached → allow, telling the user; else count the
// review, run it, and map its verdict to the answer. The supervisor is the last profile asked,
// so its answer is always final. A failed review of a Stop is a *ReviewFailedError; other errors
// are failures of ccc-hooks itself (for example an unwritable state file).
//
// An invalid $CCC_SUPERVISOR_ID does not fail the hook (a hook must never break the user's
// session over its environment), nor is it ignored in silence: the session's own state decides,
// as without the variable, the hook log has a warning, and the answer carries a systemMessage
// telling the user which variable was not used and why.
func Handle(ctx context.Context, ev *event.Event, opts Options) (event.Answer, error) {
	opts.Env = opts.OrSystem()
	s := &supervision{opts: opts, ev: ev, store: &SessionStore{Home: paths.Home(opts.Getenv), Now: opts.Now}}
	sw := s.switchboard()
	supID, err := sw.ID(IDSource{}, IDSource{Name: "session_id", ID: ev.SessionID})
	if err == nil {
		out, err := s.answerAs(ctx, sw, supID)
		return event.Final(out), err
	}
	s.opts.Log().Warn("ignoring an invalid "+SupervisorIDVar, "err", err)
	out, rerr := s.answerAs(ctx, sw, ev.SessionID)
	if rerr != nil {
		return event.Final(nil), rerr
	}
	return event.Final(event.WithNotice(out, "ccc-hooks: "+err.Error()+"; the supervisor follows this session's own on/off state.")), nil
}

// supervision is one Handle: the event, the options and the session's store.
type supervision struct {
	opts  Options
	ev    *event.Event
	store *SessionStore
	// rateRemembered is set when the account's last review met a rate limit whose stand-aside
	// has passed (see quotaWait): a review that succeeds forgets it.
	rateRemembered bool
}

// switchboard is the Switch of this hook run, its default the config the router read.
func (s *supervision) switchboard() *Switch {
	sw := NewSwitch(s.opts.Env)
	sw.Store, sw.loaded = s.store, &s.opts.Config
	return sw
}

// answerAs is Handle with supID the ID whose state says whether the supervisor is on.
func (s *supervision) answerAs(ctx context.Context, sw *Switch, supID string) (*event.Output, error) {
	ev := s.ev
	// The window's switch carries over to the session Claude Code sent the event of, not to a
	// $CCC_SUPERVISOR_ID nor to a session named by `supervisor-hook --session-id` (no payload).
	standing, err := sw.Follow(ctx, supID, supID == ev.SessionID && len(ev.Raw) > 0)
	if err != nil {
		s.opts.Log().Warn("cannot read or keep the supervisor's on/off state", "err", err)
	}
	if supID != ev.SessionID {
		// A shared switch ($CCC_SUPERVISOR_ID) decided, on or off: it is in use, and must
		// outlive the retention of files not written for long (package retention).
		if err := s.store.KeepFresh(ctx, supID); err != nil {
			s.opts.Log().Warn("cannot mark the supervisor ID's state as in use", "err", err)
		}
	}
	if !standing.On {
		return allow(ev, ReasonDisabled), nil
	}
	if s.opts.Waiting {
		// Claude Code starts a new turn when the background work ends; that turn's Stop is the
		// one to review. Nothing is said: the agent is not done, and nothing was skipped.
		s.noteWaiting(ctx)
		return nil, nil
	}
	if out, standing := s.quotaWait(ctx); standing {
		return out, nil
	}
	limit := s.opts.Config.MaxIterations
	blockCap := runs.Cap(s.opts.Getenv)
	spent := s.spent()
	st, gate, err := s.admit(ctx, limit, blockCap, spent)
	if err != nil {
		return nil, fmt.Errorf("count supervisor iterations: %w", err)
	}
	rec := Decision{
		Time: s.opts.Now().UTC(), SessionID: ev.SessionID, Event: ev.Name, Tool: ev.ToolName,
		Count: st.Count, Max: limit,
	}
	isStop := ev.Name != event.PreToolUse
	if isStop {
		if st.StopRun != nil {
			rec.StopBlocks = st.StopRun.Low
		}
		rec.BlockCap = &blockCap
	}
	if supID != ev.SessionID {
		rec.SupervisorID = supID
	}
	if gate != admitted {
		out := s.capAnswer(&rec, gate, spent, st.BudgetFromUSD)
		s.logDecision(rec)
		return out, nil
	}
	s.reviewStarts()
	evidence := s.evidence(ctx)
	rec.Checks = evidence.Records()
	verdict, usage, err := s.review(ctx, evidence)
	rec.DurationMS = s.opts.Now().UTC().Sub(rec.Time).Milliseconds()
	rec.Usage = usage
	blocked := err == nil && !verdict.AllowStop
	quota, metQuota := UsageLimitOf(err)
	rate, metRate := rateLimitOf(err)
	failedBefore := s.settle(ctx, err != nil && !metQuota && !metRate, blocked)
	if isStop && !blocked {
		rec.StopBlocks-- // the place this review held in the run of blocks was given back
	}
	switch {
	case metQuota:
		return s.metQuota(ctx, &rec, quota, false), nil
	case metRate:
		return s.metQuota(ctx, &rec, rate, true), nil
	case err == nil && s.rateRemembered:
		if err := s.store.ForgetRateLimit(ctx, s.accountKey(), s.opts.Now()); err != nil {
			s.opts.Log().Warn("cannot forget the rate limit the reviewer met", "err", err)
		}
	}
	if err != nil {
		return s.failed(&rec, err, failedBefore)
	}
	var out *event.Output
	if verdict.AllowStop {
		if verdict.Feedback == "" {
			verdict.Feedback = approvedFeedback
		}
		out = allow(ev, verdict.Feedback)
	} else {
		if verdict.Feedback == "" {
			verdict.Feedback = reviewer.NoVerdictFeedback
		}
		out = refuse(ev, verdict.Feedback)
	}
	rec.Decision, rec.Reason = decisionName(out), verdict.Feedback
	s.logDecision(rec)
	return withReviewLine(out, &rec, evidence.Summary()), nil
}

// failed answers a review that failed (could not start, exited non-zero, reported is_error,
// timed out, spent its budget). One failure keeps the seeds' rule: a question is denied, and a
// Stop fails as a non-blocking error (*ReviewFailedError). A question whose review fails after
// the session's review before it failed too goes to the user unreviewed, with no decision, so
// that a reviewer that cannot run never keeps the agent from the user for long; the user is told
// each time, and the decision log records the pass.
func (s *supervision) failed(rec *Decision, err error, failedBefore int) (*event.Output, error) {
	rec.Decision, rec.Reason = DecisionFailed, err.Error()
	if s.ev.Name != event.PreToolUse {
		s.logDecision(*rec)
		return nil, &ReviewFailedError{Err: err}
	}
	if failedBefore > 0 {
		rec.Decision = DecisionFailedPass
		s.logDecision(*rec)
		return &event.Output{SystemMessage: fmt.Sprintf("ccc-hooks: the supervisor's review failed again (%s), %d times in a row; "+
			"this question goes to you unreviewed. See `ccc-hooks supervisor log`.", err, failedBefore+1)}, nil
	}
	s.logDecision(*rec)
	out := event.Permission("deny", "supervisor review failed: "+err.Error())
	out.SystemMessage = fmt.Sprintf("ccc-hooks: the supervisor's review %d of %d failed (%s); the question was held back. "+
		"If the next review fails too, the question goes to you unreviewed. See `ccc-hooks supervisor log`.", rec.Count, rec.Max, err)
	return out, nil
}

// withReviewLine adds to out the one line the user sees after a review: the verdict, the
// review's number against the cap, its cost, and how the checks ended (checkLine, "" without).
func withReviewLine(out *event.Output, rec *Decision, checkLine string) *event.Output {
	if out == nil {
		return nil // a tool other than AskUserQuestion: no decision, and nothing to show
	}
	var what string
	switch {
	case rec.Event == event.PreToolUse && rec.Decision == DecisionAllow:
		what = "let the question through"
	case rec.Event == event.PreToolUse:
		what = "sent the question back"
	case rec.Decision == DecisionAllow:
		what = "allowed the stop"
	default:
		what = "sent the agent back to work"
	}
	cost := "cost not reported"
	if rec.CostUSD > 0 {
		cost = usd(rec.CostUSD)
	}
	if checkLine != "" {
		cost += "; " + checkLine
	}
	out.SystemMessage = fmt.Sprintf("ccc-hooks supervisor: %s (review %d of %d, %s).", what, rec.Count, rec.Max, cost)
	return out
}

// spent is what the session's reviews have cost as its decision log records it; 0 without a
// session budget (the log is not read then).
func (s *supervision) spent() float64 {
	if s.opts.Config.SessionBudgetUSD <= 0 {
		return 0
	}
	decisions, _, err := s.store.ReadLog(s.ev.SessionID)
	if err != nil {
		s.opts.Log().Warn("cannot read the decision log for the session budget", "err", err)
	}
	return Sum(decisions).CostUSD
}

// configFile is ccc.json, for messages.
func (s *supervision) configFile() string { return paths.ConfigFile(s.opts.Getenv) }

// review builds the request from the config, the event and the checks' evidence (a section of
// the prompt, none without checks) and runs the reviewer: where the wall stands (wallStands,
// found while the review's surroundings are built), every Bash command of the reviewer's runs
// behind it, and the prompt says so.
func (s *supervision) review(ctx context.Context, evidence checks.Evidence) (reviewer.Verdict, reviewer.Usage, error) {
	cfg := s.opts.Config
	base, err := BasePrompt(paths.ConfigDir(s.opts.Getenv), cfg.Language)
	if err != nil {
		s.opts.Log().Warn("using the built-in supervisor prompt", "err", err)
	}
	// Refused before the git view is built and the wall tried (reviewer.Run asks again).
	if err := reviewer.CheckGuardRuns(s.opts.Review.ManagedSettings); err != nil {
		return reviewer.Verdict{}, reviewer.Usage{}, err
	}
	self, err := s.opts.Executable()
	if err != nil {
		return reviewer.Verdict{}, reviewer.Usage{}, fmt.Errorf("find this binary for the reviewer's read-only hook: %w", err)
	}
	timeout := time.Duration(cfg.TimeoutSeconds) * time.Second
	if s.opts.Review.Timeout > 0 {
		timeout = s.opts.Review.Timeout
	}
	dir := reviewer.Dir(s.ev.CWD, s.opts.Getwd)
	standing := make(chan bool, 1)
	go func() { standing <- s.wallStands(ctx, evidence) }()
	around := reviewer.Surround(ctx, dir, s.opts.Env, s.opts.Log())
	defer around.Remove()
	claude, _ := cfg.Claude(s.opts.Getenv)
	walled := <-standing
	check := s.opts.Review.Sandbox
	if check == nil {
		check = reviewer.SandboxCheckOf(s.opts.Env)
	}
	return reviewer.Run(ctx, reviewer.Request{
		Program:         claude,
		ExtraArgs:       cfg.ClaudeArgs,
		SessionID:       s.ev.SessionID,
		PermissionMode:  cfg.PermissionMode,
		AllowedTools:    cfg.AllowedTools,
		Guard:           reviewer.GuardOf(self),
		Sandbox:         reviewer.PlanSandbox(cfg.AllowedTools, dir, paths.HomeDir(s.opts.Getenv), walled),
		SandboxCheck:    check,
		ManagedSettings: s.opts.Review.ManagedSettings,
		MaxBudgetUSD:    cfg.MaxBudgetUSD,
		Prompt:          Prompt(base, cfg.Language, s.ev, cfg.AllowedTools, walled, evidence.Section(cfg.Language)),
		Dir:             dir,
		Env:             s.opts.Environ(),
		Surroundings:    around,
		Walled:          walled,
		Timeout:         timeout,
		Log:             s.opts.Log(),
	})
}

func (s *supervision) logDecision(rec Decision) {
	if err := s.store.Append(rec.SessionID, rec); err != nil {
		s.opts.Log().Warn("cannot write the decision log", "err", err)
	}
}

// decisionName is the decision out records: the answer Claude Code reads in it (the values of
// event.Output are those of Decisions), none for no output, allow for one that blocks nothing.
func decisionName(out *event.Output) string {
	switch {
	case out == nil:
		return DecisionNone
	case out.HookSpecificOutput != nil:
		return out.HookSpecificOutput.PermissionDecision
	case out.Decision != "":
		return out.Decision
	}
	return DecisionAllow
}

// reviewStarts says on Options.Reviewing, if set and not told already, that a review starts.
func (s *supervision) reviewStarts() {
	select {
	case s.opts.Reviewing <- struct{}{}:
	default:
	}
}
