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

// stop handles Stop for the session's task (sessionTask): complete it when the user confirmed
// it, in a prompt or in its context.md; let the stop through, saying so once, where the workflow
// is not installed for the session; else block and count a failure, unless a cap is reached
// (max_iterations blocks in this run, or Claude Code's cap on blocks in a row, counted as Claude
// Code counts them). A task file that cannot be read is said once per session.
func (h *handler) stop() (*event.Output, error) {
	if !exists(h.store.Dir()) {
		return nil, nil
	}
	var (
		out          *event.Output
		title, notes string
	)
	err := h.withLock(func() error {
		tasks, problems, err := h.store.Scan()
		if err != nil {
			return err
		}
		st := h.loadState()
		told := len(st.Told)
		for _, p := range problems {
			h.log.Warn("skipping a task", "err", p.Err)
			h.say(tell(st, "unreadable:"+p.Path, unreadable(p)))
		}
		t, adopted := h.sessionTask(tasks, st)
		if t == nil {
			if len(st.Told) != told {
				return h.saveState(st)
			}
			return nil
		}
		now := h.opts.Now()
		if !t.UserConfirmedFixed && t.confirmedInContext() {
			t.UserConfirmedFixed = true
		}
		switch {
		case t.UserConfirmedFixed:
			t.Complete(now)
			st.Stop = blockRun{}
			title, notes = "Task completed", fmt.Sprintf("%s: %s", t.TaskID, bounded(t.TaskDescription))
		case !h.installedHere(st):
			h.say(tell(st, "unenforced:"+t.TaskID, unenforced(t)))
			st.Stop = blockRun{}
			if !adopted {
				return h.saveState(st)
			}
		default:
			out = h.gate(t, st, now)
			if out.Decision == "block" {
				title, notes = "Task blocked", fmt.Sprintf("%s: stop %d blocked, waiting for confirmation", t.TaskID, t.FailureCount)
			}
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

// gate blocks the stop of task t and counts a failure, or lets it through at a cap; st is the
// session's state.
func (h *handler) gate(t *Task, st *blockState, now time.Time) *event.Output {
	capName, blocks, limit := st.Stop.capReached(false, h.ev.StopHookActive, h.ev.TranscriptPath, h.opts.Config.MaxIterations, h.opts.claudeCap)
	if capName != "" {
		msg := fmt.Sprintf("block cap reached: %d blocks in a row (cap %d, %s); stop allowed without the user's confirmation",
			blocks, limit, capName)
		t.FailureHistory = append(t.FailureHistory, Failure{Time: stamp(now), Reason: msg})
		h.log.Warn("block cap reached; stop allowed without the user's confirmation",
			"task", t.TaskID, "blocks", blocks, "cap", limit, "which", capName)
		st.Stop = blockRun{}
		out := event.Allow(fmt.Sprintf("Task %s: %s.", t.TaskID, msg))
		out.SystemMessage = fmt.Sprintf("ccc-hooks workflow: task %s is not confirmed, but the stop was already blocked %s in a row "+
			"(the cap, %s); this stop is allowed. Reply \"已修复\" / \"fixed\" or type %s when it is fixed.", t.TaskID, times(limit), capName, ConfirmCommand)
		return out
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
	return event.Block(stopReason(t))
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
