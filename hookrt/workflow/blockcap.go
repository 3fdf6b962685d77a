package workflow

import (
	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/hookrt/blockrun"
	"github.com/ccc-hooks/ccc-hooks/internal/blockcap"
)

// blockRun is a run of blocks of one kind of stop: the session's Stop, or one subagent's
// SubagentStop. It ends when the stop is allowed.
type blockRun struct {
	// Blocks counts the blocks of the run; the iteration cap (max_iterations) bounds it.
	Blocks int `json:"blocks"`
	// InARow counts them as Claude Code does, anew after a tool call (package blockrun); Claude
	// Code's own cap bounds it. Mark is where the last stop left the transcript.
	InARow int            `json:"in_a_row"`
	Mark   *blockrun.Mark `json:"mark,omitempty"`
}

// capReached brings r up to a stop about to be gated and says whether a cap lets it through
// without a block: which (name, "" when none), with the blocks it counted and its limit.
// stopHookActive and transcript come from the stop's event; maxBlocks is the iteration cap,
// claudeCap Claude Code's (0 = none). A Stop with stop_hook_active false starts the run anew; a
// subagent's run ends only when it is allowed (sub is true), since a SubagentStop payload's
// stop_hook_active has not been seen to carry the run. The transcript is read only here, and
// only when Claude Code has a cap.
func (r *blockRun) capReached(sub, stopHookActive bool, transcript string, maxBlocks, claudeCap int) (name string, blocks, limit int) {
	if !stopHookActive && !sub {
		r.Blocks = 0
	}
	if claudeCap > 0 {
		r.InARow, r.Mark = blockrun.Continue(r.InARow, r.Mark, stopHookActive, transcript)
	} else {
		r.InARow, r.Mark = 0, nil
	}
	switch {
	case r.Blocks >= maxBlocks:
		return "max_iterations", r.Blocks, maxBlocks
	case claudeCap > 0 && r.InARow >= claudeCap:
		return "Claude Code's " + blockcap.Var, r.InARow, claudeCap
	}
	return "", 0, 0
}

// block counts a block of the run.
func (r *blockRun) block() { r.Blocks, r.InARow = r.Blocks+1, r.InARow+1 }

// backgroundRunning reports whether the event lists a background task that is still running
// (Claude Code 2.1.328 runs subagents in the background; Stop fires while they work, and a new
// turn starts when one ends).
func backgroundRunning(raw []byte) bool {
	for _, t := range gjson.GetBytes(raw, "background_tasks").Array() {
		if t.Get("status").String() == "running" {
			return true
		}
	}
	return false
}
