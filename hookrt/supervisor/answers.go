package supervisor

import (
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// allow is the "let it go" answer for ev: a reason for Stop-like events, a permission for
// AskUserQuestion, and nothing for any other tool (allowing it would bypass Claude Code's prompts).
func allow(ev *event.Event, reason string) *event.Output {
	if ev.Name != event.PreToolUse {
		return event.Allow(reason)
	}
	if ev.ToolName != event.AskUserQuestion {
		return nil
	}
	return event.Permission("allow", reason)
}

// refuse is the "keep working" answer for ev: block for Stop-like events, deny for PreToolUse.
func refuse(ev *event.Event, reason string) *event.Output {
	if ev.Name == event.PreToolUse {
		return event.Permission("deny", reason)
	}
	return event.Block(reason)
}
