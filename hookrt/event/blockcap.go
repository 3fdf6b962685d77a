package event

import (
	"strconv"
	"strings"
)

// Claude Code ends a turn anyway after this many Stop-hook blocks in a row (its
// CLAUDE_CODE_STOP_HOOK_BLOCK_CAP; 0 means no cap).
const (
	BlockCapVar     = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"
	DefaultBlockCap = 8
)

// StopBlockCap returns Claude Code's cap on consecutive Stop blocks as the hook sees it (Claude
// Code hands its environment, including the "env" of its settings, to hooks): 0 means none. A
// value that is not a whole number ≥ 0 counts as unset, which is the default. Both profiles
// read the cap here.
func StopBlockCap(getenv func(string) string) int {
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
