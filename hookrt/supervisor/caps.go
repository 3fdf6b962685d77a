package supervisor

import (
	"context"
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/hookrt/blockrun"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// admission is what the session's counts let an event have.
type admission int

const (
	admitted        admission = iota // review it
	iterationCapped                  // max_iterations reviews done in this session
	blockCapped                      // Claude Code's cap on Stop blocks in a row reached
)

// admit decides, under the session's lock, whether s.ev gets a review, and counts it when it
// does. For a Stop, Claude Code's count of blocks in a row is brought up to date first, as Claude
// Code keeps it (package blockrun): a Stop with stop_hook_active false, or one after the agent
// called a tool, starts it again, and so does one where the transcript cannot tell. The
// transcript is read only here, for a Stop about to be reviewed or let through at the cap, and
// not at all when Claude Code has no cap. An admitted Stop holds its place in the run of blocks
// until its verdict is known (releaseStopBlock gives it back unless it blocks), so concurrent
// Stops never review more often than the cap allows.
func (s *supervision) admit(ctx context.Context, limit, blockCap int) (State, admission, error) {
	isStop := s.ev.Name != event.PreToolUse
	gate := admitted
	st, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		if st.Count >= limit {
			gate = iterationCapped
			return nil
		}
		if !isStop {
			st.Count++
			return nil
		}
		run := blockrun.Run{}
		if st.StopRun != nil {
			run = *st.StopRun
		}
		switch {
		case blockCap > 0:
			run = run.Continue(s.ev.StopHookActive, s.ev.TranscriptPath)
		case !s.ev.StopHookActive:
			run = blockrun.Run{}
		}
		st.StopRun = &run
		// Where the transcript cannot tell, the lower count decides: a review Claude Code
		// overrides costs money, a skipped one lets unreviewed work through (package blockrun).
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

// releaseStopBlock gives back the place a Stop review held in the run of blocks when it did not block.
func (s *supervision) releaseStopBlock(ctx context.Context) {
	_, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		if st.StopRun == nil || st.StopRun.High == 0 {
			return ErrNoChange
		}
		st.StopRun.Unblock()
		return nil
	})
	if err != nil {
		s.log().Warn("cannot update the count of stop blocks", "err", err)
	}
}

// capAnswer lets ev through without a review because of gate, fills in the decision rec, and
// tells the user why in a systemMessage (the reason alone reaches only the model).
func capAnswer(ev *event.Event, rec *Decision, gate admission) *event.Output {
	var msg string
	if gate == iterationCapped {
		rec.Decision = DecisionCapped
		rec.Reason = fmt.Sprintf("supervisor iteration cap reached (%d of max_iterations %d); no further review in this session",
			rec.Count, rec.Max)
		msg = fmt.Sprintf("ccc-hooks: the supervisor reached its cap of %d reviews (supervisor.max_iterations) and has stopped reviewing this session.",
			rec.Max)
	} else {
		rec.Decision = DecisionBlockCap
		rec.Reason = fmt.Sprintf("Claude Code's cap of %d Stop-hook blocks in a row (%s) is reached; stop allowed without a review",
			*rec.BlockCap, blockcap.Var)
		msg = fmt.Sprintf("ccc-hooks: the supervisor blocked this stop %d times in a row, Claude Code's limit (%s); it lets the turn end without another review.",
			*rec.BlockCap, blockcap.Var)
	}
	out := allow(ev, rec.Reason)
	if out != nil {
		out.SystemMessage = msg
	}
	return out
}
