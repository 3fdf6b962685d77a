// Package blockcap holds Claude Code's own cap on Stop-hook blocks in a row: after that many
// blocks with no tool call between them it ends the turn anyway. The hook runtime honours the
// cap as the hook sees it (hookrt/runs.Cap); doctor compares it with max_iterations wherever it
// is set.
package blockcap

import (
	"strconv"
	"strings"
)

// Var is the environment variable that sets the cap (0 means no cap); Default applies when it
// is unset.
const (
	Var     = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"
	Default = 8
)

// Parse reads a value of Var: ok is false when it is not a whole number ≥ 0 (spaces around it
// allowed).
func Parse(raw string) (n int, ok bool) {
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}
