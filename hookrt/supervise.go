package hookrt

import (
	"context"
	"fmt"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/state"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// ReasonDisabled is the reason given when the supervisor is off for the session.
const ReasonDisabled = "supervisor mode disabled"

// approvedFeedback stands in for an empty feedback of an approving review.
const approvedFeedback = "supervisor review passed"

// supervise runs the supervisor profile's order of work for rt.ev (the guard was checked by Run).
//
// An invalid $CCC_SUPERVISOR_ID does not fail the hook (a hook must never break the user's
// session over its environment), nor is it ignored in silence: the session's own state decides,
// as without the variable, the hook log has a warning, and the answer carries a systemMessage
// telling the user which variable was not used and why.
func (rt *hookRun) supervise(ctx context.Context) (*event.Output, error) {
	supID, err := SupervisorID(rt.opts.Getenv, IDSource{}, IDSource{Name: "session_id", ID: rt.ev.SessionID})
	if err == nil {
		return rt.superviseAs(ctx, supID)
	}
	rt.log().Warn("ignoring an invalid "+SupervisorIDVar, "err", err)
	out, rerr := rt.superviseAs(ctx, rt.ev.SessionID)
	if rerr != nil {
		return nil, rerr
	}
	return withNotice(out, "ccc-hooks: "+err.Error()+"; the supervisor follows this session's own on/off state."), nil
}

// withNotice adds msg to what out tells the user, making an answer of nothing one that says it.
func withNotice(out *event.Output, msg string) *event.Output {
	if out == nil {
		return &event.Output{SystemMessage: msg}
	}
	if out.SystemMessage != "" {
		msg = out.SystemMessage + "\n" + msg
	}
	out.SystemMessage = msg
	return out
}

// superviseAs is supervise with supID the ID whose state says whether the supervisor is on.
func (rt *hookRun) superviseAs(ctx context.Context, supID string) (*event.Output, error) {
	ev := rt.ev
	store := &state.SessionStore{Home: rt.home(), Now: rt.opts.Now}
	enabled, err := Enabled(store, supID, rt.config().Enabled)
	if err != nil {
		rt.log().Warn("ignoring unreadable supervisor state", "err", err)
	}
	if !enabled {
		return allow(ev, ReasonDisabled), nil
	}
	limit := rt.config().MaxIterations
	isStop := ev.Name != event.PreToolUse
	blockCap := blockcap.FromEnv(rt.opts.Getenv)
	st, gate, err := rt.admit(ctx, store, limit, blockCap)
	if err != nil {
		return nil, fmt.Errorf("count supervisor iterations: %w", err)
	}
	rec := state.Decision{
		Time: rt.opts.Now().UTC(), SessionID: ev.SessionID, Event: ev.Name, Tool: ev.ToolName,
		Count: st.Count, Max: limit,
	}
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
		out := capAnswer(ev, &rec, gate)
		rt.logDecision(store, rec)
		return out, nil
	}
	verdict, usage, err := rt.review(ctx)
	rec.DurationMS = rt.opts.Now().UTC().Sub(rec.Time).Milliseconds()
	rec.Usage = usage
	if isStop && (err != nil || verdict.AllowStop) {
		// Not a block: give back the place this review held in the run of blocks.
		rt.releaseStopBlock(ctx, store)
		rec.StopBlocks--
	}
	if err != nil {
		rec.Decision, rec.Reason = state.DecisionFailed, err.Error()
		rt.logDecision(store, rec)
		if ev.Name == event.PreToolUse {
			return event.Permission("deny", "supervisor review failed: "+err.Error()), nil
		}
		return nil, &ReviewFailedError{Err: err}
	}
	var out *event.Output
	if verdict.AllowStop {
		if verdict.Feedback == "" {
			verdict.Feedback = approvedFeedback
		}
		out = allow(ev, verdict.Feedback)
	} else {
		if verdict.Feedback == "" {
			verdict.Feedback = supervisor.NoVerdictFeedback
		}
		out = refuse(ev, verdict.Feedback)
	}
	rec.Decision, rec.Reason = decisionName(out), verdict.Feedback
	rt.logDecision(store, rec)
	return out, nil
}

// review builds the request from the config and the event and runs the reviewer.
func (rt *hookRun) review(ctx context.Context) (supervisor.Verdict, supervisor.Usage, error) {
	cfg := rt.config()
	base, err := supervisor.BasePrompt(rt.configDir(), cfg.Language)
	if err != nil {
		rt.log().Warn("using the built-in supervisor prompt", "err", err)
	}
	if err := checkGuardRuns(rt.opts.ManagedSettings); err != nil {
		return supervisor.Verdict{}, supervisor.Usage{}, err
	}
	self, err := rt.opts.Executable()
	if err != nil {
		return supervisor.Verdict{}, supervisor.Usage{}, fmt.Errorf("find this binary for the reviewer's read-only hook: %w", err)
	}
	timeout := time.Duration(cfg.TimeoutSeconds) * time.Second
	if rt.opts.ReviewTimeout > 0 {
		timeout = rt.opts.ReviewTimeout
	}
	return supervisor.Review(ctx, supervisor.Request{
		Program:        ClaudeProgram(rt.opts.Getenv, cfg.ClaudeCommand),
		ExtraArgs:      cfg.ClaudeArgs,
		SessionID:      rt.ev.SessionID,
		PermissionMode: cfg.PermissionMode,
		AllowedTools:   cfg.AllowedTools,
		GuardCommand:   supervisor.GuardCommand(self),
		MaxBudgetUSD:   cfg.MaxBudgetUSD,
		Prompt:         supervisor.Prompt(base, cfg.Language, rt.ev, cfg.AllowedTools),
		Dir:            rt.ev.CWD,
		Env:            rt.opts.Environ(),
		Timeout:        timeout,
	})
}

func (rt *hookRun) logDecision(store *state.SessionStore, rec state.Decision) {
	if err := store.Append(rec.SessionID, rec); err != nil {
		rt.log().Warn("cannot write the decision log", "err", err)
	}
}

// decisionName is the decision out records: the answer Claude Code reads in it (the values of
// event.Output are those of state.Decisions), none for no output, allow for one that blocks nothing.
func decisionName(out *event.Output) string {
	switch {
	case out == nil:
		return state.DecisionNone
	case out.HookSpecificOutput != nil:
		return out.HookSpecificOutput.PermissionDecision
	case out.Decision != "":
		return out.Decision
	}
	return state.DecisionAllow
}

// SupervisorIDVar names the variable that makes sessions share one supervisor on/off state.
const SupervisorIDVar = "CCC_SUPERVISOR_ID"

// IDSource is a place a supervisor ID may be given, and the ID given there ("" for none).
type IDSource struct {
	Name string // for errors: "--session", "session_id", "$CLAUDE_CODE_SESSION_ID", ...
	ID   string
}

// InvalidIDError reports a supervisor ID that is not a valid session ID (event.ValidSessionID),
// with where it was given.
type InvalidIDError struct{ IDSource }

func (e *InvalidIDError) Error() string {
	return fmt.Sprintf("invalid session ID %q in %s: want [A-Za-z0-9._-]{1,128}, not starting with '-'", e.ID, e.Name)
}

// SupervisorID returns the ID whose state says whether the supervisor is on: the explicit one
// when given (a command's --session), else $CCC_SUPERVISOR_ID, else the session's own. The ID
// chosen must be a valid session ID, else the error is an *InvalidIDError (an invalid one is
// never passed over for the next); "" when none is given.
func SupervisorID(getenv func(string) string, explicit, session IDSource) (string, error) {
	env := IDSource{Name: "$" + SupervisorIDVar, ID: getenv(SupervisorIDVar)}
	for _, src := range []IDSource{explicit, env, session} {
		switch {
		case src.ID == "":
			continue
		case !event.ValidSessionID(src.ID):
			return "", &InvalidIDError{src}
		}
		return src.ID, nil
	}
	return "", nil
}

// Enabled reports whether the supervisor is on for supID: its explicit state when it has one,
// else def (supervisor.enabled of the config). On a read error it returns def and the error.
func Enabled(store *state.SessionStore, supID string, def bool) (bool, error) {
	st, exists, err := store.Load(supID)
	if err != nil || !exists || st.Enabled == nil {
		return def, err
	}
	return *st.Enabled, nil
}

// ClaudeProgram returns the claude program: $CCC_CLAUDE, else configured, else "claude" on PATH.
func ClaudeProgram(getenv func(string) string, configured string) string {
	if p := getenv("CCC_CLAUDE"); p != "" {
		return p
	}
	if configured != "" {
		return configured
	}
	return "claude"
}
