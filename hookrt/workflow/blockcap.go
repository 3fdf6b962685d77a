package workflow

import (
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// BlockCapVar is Claude Code's own limit on Stop-hook blocks in a row: past it Claude Code ends
// the turn whatever the hook says. DefaultBlockCap applies when it is unset or not a whole number;
// 0 means no limit.
const (
	BlockCapVar     = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"
	DefaultBlockCap = 8
)

// claudeBlockCap reads Claude Code's block cap from the environment the hook inherited from
// Claude Code (which also carries the env of its settings files); 0 means none.
func claudeBlockCap(getenv func(string) string) int {
	raw := strings.TrimSpace(getenv(BlockCapVar))
	if raw == "" {
		return DefaultBlockCap
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 {
		return DefaultBlockCap
	}
	return n
}

// blockCap is the most blocks in a row the workflow gives: the iteration cap, or Claude Code's
// own cap when that is lower. A block past Claude Code's cap would be overridden anyway, so the
// workflow allows the stop itself, says so, and counts no failure for it.
func blockCap(maxIterations int, getenv func(string) string) int {
	if maxIterations <= 0 {
		maxIterations = DefaultMaxBlocks
	}
	if c := claudeBlockCap(getenv); c > 0 && c < maxIterations {
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
