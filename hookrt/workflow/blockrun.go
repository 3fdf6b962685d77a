package workflow

import "github.com/ccc-hooks/ccc-hooks/hookrt/runs"

// blockRun is a run of blocks of one kind of stop: the session's Stop, or one subagent's
// SubagentStop. It ends when the stop is allowed.
type blockRun struct {
	// Blocks counts the blocks of the run; the iteration cap (max_iterations) bounds it.
	Blocks int `json:"blocks"`
	// Claude counts them as Claude Code does, anew after a tool call (package runs); Claude
	// Code's own cap bounds it.
	Claude runs.Blocks `json:"claude_count"`
}

// capReached brings r up to a stop about to be gated and says whether a cap lets it through
// without a block: which (name, "" when none), with the blocks it counted and its limit.
// stopHookActive and transcript come from the stop's event; maxBlocks is the iteration cap,
// claudeCap Claude Code's (0 = none). A Stop with stop_hook_active false starts the run anew; a
// subagent's run (sub is true) ends only when it is allowed: its stop_hook_active is false only
// at its first stop and true after each block (docs/claude-code.md), so that comes to the same,
// without letting a payload that lacks the field start a run again. The transcript is read only
// here, and only when Claude Code has a cap. Where the transcript cannot tell whether the agent
// called a tool since the last block, the higher count decides: a block Claude Code would
// override shows the user a warning and counts a failure that never happened, so the workflow
// lets such a stop through instead (package runs).
func (r *blockRun) capReached(sub, stopHookActive bool, transcript string, maxBlocks, claudeCap int) (name string, blocks, limit int) {
	if !stopHookActive && !sub {
		r.Blocks = 0
	}
	if claudeCap > 0 {
		r.Claude = r.Claude.Continue(stopHookActive, transcript)
	} else {
		r.Claude = runs.Blocks{}
	}
	switch {
	case r.Blocks >= maxBlocks:
		return "workflow.max_iterations", r.Blocks, maxBlocks
	case claudeCap > 0 && r.Claude.High >= claudeCap:
		return "Claude Code's " + runs.CapVar, r.Claude.High, claudeCap
	}
	return "", 0, 0
}

// block counts a block of the run.
func (r *blockRun) block() { r.Blocks++; r.Claude.Block() }
