package workflow

import (
	"fmt"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// reviewFrom is the failed stop from which an expert review is demanded.
const reviewFrom = 2

// excerptRunes bounds the assistant message kept in failure_history.
const excerptRunes = 300

// stop handles Stop for the session's newest in_progress task: complete it when the user
// confirmed it; else block and count a failure, unless a cap is reached (max_iterations blocks in this run, or Claude Code's cap on
// blocks in a row, counted as Claude Code counts them).
func (h *handler) stop() (*event.Output, error) {
	if !exists(h.store.Dir()) {
		return nil, nil
	}
	var (
		out          *event.Output
		title, notes string
	)
	err := h.withLock(func() error {
		t, err := h.store.Newest(h.ev.SessionID)
		if err != nil || t == nil {
			return err
		}
		st := h.loadState()
		now := h.opts.Now()
		switch {
		case t.UserConfirmedFixed:
			t.Complete(now)
			st.Stop = blockRun{}
			title, notes = "Task completed", fmt.Sprintf("%s: %s", t.TaskID, t.TaskDescription)
		default:
			capName, blocks, limit := st.Stop.capReached(false, h.ev.StopHookActive, h.ev.TranscriptPath, h.opts.Config.MaxIterations, h.opts.claudeCap)
			if capName != "" {
				msg := fmt.Sprintf("block cap reached: %d blocks in a row (cap %d, %s); stop allowed without the user's confirmation",
					blocks, limit, capName)
				t.FailureHistory = append(t.FailureHistory, Failure{Time: stamp(now), Reason: msg})
				h.log.Warn("block cap reached; stop allowed without the user's confirmation",
					"task", t.TaskID, "blocks", blocks, "cap", limit, "which", capName)
				st.Stop = blockRun{}
				out = event.Allow(fmt.Sprintf("Task %s: %s.", t.TaskID, msg))
				out.SystemMessage = fmt.Sprintf("ccc-hooks workflow: task %s is not confirmed, but the stop was already blocked %s in a row "+
					"(the cap, %s); this stop is allowed. Reply \"已修复\" / \"fixed\" or type %s when it is fixed.", t.TaskID, times(limit), capName, ConfirmCommand)
				break
			}
			t.FailureCount++
			if t.FailureCount >= reviewFrom && !t.ReviewPassed() {
				t.ExpertReviewTriggered = true
			}
			t.FailureHistory = append(t.FailureHistory, Failure{
				Time:    stamp(now),
				Reason:  failureReason(h.ev.StopHookActive),
				Excerpt: excerpt(h.ev.LastAssistantMessage),
			})
			st.Stop.block()
			out = event.Block(stopReason(t))
			title, notes = "Task blocked", fmt.Sprintf("%s: stop %d blocked, waiting for confirmation", t.TaskID, t.FailureCount)
		}
		if err := h.store.Save(t); err != nil {
			return err
		}
		return h.saveState(st)
	})
	if err != nil {
		return nil, err
	}
	if title != "" {
		h.notify(title, notes)
	}
	return out, nil
}

func failureReason(stopHookActive bool) string {
	if stopHookActive {
		return "stop without the user's confirmation (stop hook active)"
	}
	return "stop without the user's confirmation"
}

// times says how many times: "once", "2 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func stamp(t time.Time) string { return t.Format(time.RFC3339) }

// excerpt keeps the first excerptRunes runes of s.
func excerpt(s string) string {
	s = strings.TrimSpace(s)
	r := []rune(s)
	if len(r) <= excerptRunes {
		return s
	}
	return string(r[:excerptRunes]) + "…"
}
