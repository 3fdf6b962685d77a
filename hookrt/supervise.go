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
func (rt *hookRun) supervise(ctx context.Context) (*event.Output, error) {
	ev := rt.ev
	store := &state.SessionStore{Home: rt.home(), Now: rt.opts.Now}
	supID := SupervisorID(rt.opts.Getenv, ev.SessionID)
	if id := rt.opts.Getenv("CCC_SUPERVISOR_ID"); id != "" && id != supID {
		rt.log().Warn("ignoring unsafe CCC_SUPERVISOR_ID", "value", id)
	}
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
		rec.StopBlocks, rec.BlockCap = st.StopBlocks, &blockCap
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

// SupervisorID returns the ID whose state says whether the supervisor is on: $CCC_SUPERVISOR_ID
// when it is a safe ID, else sessionID.
func SupervisorID(getenv func(string) string, sessionID string) string {
	if id := getenv("CCC_SUPERVISOR_ID"); id != "" && event.ValidSessionID(id) {
		return id
	}
	return sessionID
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
