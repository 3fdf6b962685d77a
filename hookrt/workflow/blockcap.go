package workflow

import (
	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// blockCap is the most blocks in a row the workflow gives: the iteration cap, or Claude Code's
// own cap when that is lower. A block past Claude Code's cap would be overridden anyway, so the
// workflow allows the stop itself, says so, and counts no failure for it.
func blockCap(maxIterations int, getenv func(string) string) int {
	if maxIterations <= 0 {
		maxIterations = DefaultMaxBlocks
	}
	if c := event.StopBlockCap(getenv); c > 0 && c < maxIterations {
		return c
	}
	return maxIterations
}

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
