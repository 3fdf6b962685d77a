package supervisor

import (
	"context"
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
)

// admission is what the session's counts let an event have.
type admission int

const (
	admitted        admission = iota // review it
	iterationCapped                  // max_iterations reviews done in this run of work
	blockCapped                      // Claude Code's cap on Stop blocks in a row reached
	budgetSpent                      // supervisor.session_budget_usd spent
)

// admit decides, under the session's lock, whether s.ev gets a review, and counts it when it
// does. spent is what the session's reviews have cost so far (checked only with a session
// budget). The run of work the count belongs to is brought up to date first (newRun).
//
// For a Stop, Claude Code's count of blocks in a row is brought up to date too, as Claude Code
// keeps it (package runs); where the transcript cannot tell whether the agent called a tool
// since the last block, the lower count decides, so the stop is reviewed (a review Claude Code
// overrides costs money, a skipped one lets unreviewed work through). The transcript is read for
// that only for a Stop about to be reviewed or let through at the cap, and not at all when
// Claude Code has no cap. An admitted Stop holds its place in the run of blocks until its verdict
// is known (settle gives it back unless it blocks), so concurrent Stops never review more often
// than the cap allows.
func (s *supervision) admit(ctx context.Context, limit, blockCap int, spent float64) (State, admission, error) {
	gate := admitted
	st, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		s.newRun(st)
		switch {
		case s.opts.Config.SessionBudgetUSD > 0 && spent-st.BudgetFromUSD >= s.opts.Config.SessionBudgetUSD:
			gate = budgetSpent
			return nil
		case st.Count >= limit:
			gate = iterationCapped
			return nil
		}
		if s.ev.Name == event.PreToolUse {
			st.Count++
			return nil
		}
		run := runs.Blocks{}
		if st.StopRun != nil {
			run = *st.StopRun
		}
		switch {
		case blockCap > 0:
			run = run.Continue(s.ev.StopHookActive, s.ev.TranscriptPath)
		case !s.ev.StopHookActive:
			run = runs.Blocks{}
		}
		st.StopRun = &run
		if blockCap > 0 && run.Low >= blockCap {
			gate = blockCapped
			return nil
		}
		st.Count++
		run.Block()
		return nil
	})
	return st, gate, err
}

// newRun starts the count again when the user has spoken since the last event the supervisor
// saw (runs.Work.Spoke): the count is of one run of work, the reviews since the user last typed
// something.
func (s *supervision) newRun(st *State) {
	if st.Spoke(s.ev.TranscriptPath, s.ev.PromptID) {
		st.Count = 0
	}
}

// noteWaiting records that a Stop came while the agent waited on background work (State.Waited).
func (s *supervision) noteWaiting(ctx context.Context) {
	_, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		if !st.Wait(s.ev.PromptID) {
			return ErrNoChange
		}
		return nil
	})
	if err != nil {
		s.opts.Log().Warn("cannot note the waiting agent", "err", err)
	}
}

// settle records the outcome of a review: a Stop that was not blocked gives back the place it
// held in the run of blocks, and the run of failed reviews grows or ends. It returns how many
// reviews had failed in a row before this one.
func (s *supervision) settle(ctx context.Context, failed, blocked bool) (before int) {
	_, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		before = st.FailedReviews
		next := 0
		if failed {
			next = before + 1
		}
		changed := next != before
		st.FailedReviews = next
		if s.ev.Name != event.PreToolUse && !blocked && st.StopRun != nil && st.StopRun.High > 0 {
			st.StopRun.Unblock()
			changed = true
		}
		if !changed {
			return ErrNoChange
		}
		return nil
	})
	if err != nil {
		s.opts.Log().Warn("cannot record the review's outcome", "err", err)
	}
	return before
}

// capAnswer lets ev through without a review because of gate, fills in the decision rec, and
// tells the user why in a systemMessage (the reason alone reaches only the model).
func (s *supervision) capAnswer(rec *Decision, gate admission, spent, from float64) *event.Output {
	var msg string
	switch gate {
	case iterationCapped:
		rec.Decision = DecisionCapped
		rec.Reason = fmt.Sprintf("supervisor iteration cap reached (%d of max_iterations %d); no further review until the user's next prompt",
			rec.Count, rec.Max)
		msg = fmt.Sprintf("ccc-hooks: the supervisor did %d reviews since your last prompt, its cap (supervisor.max_iterations); "+
			"it stops reviewing until you type your next prompt.", rec.Max)
	case budgetSpent:
		budget := s.opts.Config.SessionBudgetUSD
		rec.Decision = DecisionBudget
		rec.Reason = fmt.Sprintf("supervisor session budget spent (%s of session_budget_usd %s); no further review in this session",
			usd(spent-from), usd(budget))
		msg = fmt.Sprintf("ccc-hooks: this session's reviews cost %s, its budget (supervisor.session_budget_usd %s); the supervisor "+
			"no longer reviews it. To go on: `ccc-hooks supervisor on --session %s` (or /supervisor here) gives it a new budget, "+
			"or raise supervisor.session_budget_usd in %s.", usd(spent-from), usd(budget), s.ev.SessionID, s.configFile())
	default:
		rec.Decision = DecisionBlockCap
		rec.Reason = fmt.Sprintf("Claude Code's cap of %d Stop-hook blocks in a row (%s) is reached; stop allowed without a review",
			*rec.BlockCap, runs.CapVar)
		msg = fmt.Sprintf("ccc-hooks: the supervisor blocked this stop %d times in a row, Claude Code's limit (%s); it lets the turn end without another review.",
			*rec.BlockCap, runs.CapVar)
	}
	out := allow(s.ev, rec.Reason)
	if out != nil {
		out.SystemMessage = msg
	}
	return out
}

// usd writes dollars as the decision log shows them.
func usd(v float64) string { return fmt.Sprintf("$%.4f", v) }
