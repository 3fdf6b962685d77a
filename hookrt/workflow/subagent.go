package workflow

import (
	"fmt"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/transcript"
)

// subagentStop handles SubagentStop. Only an expert review is judged: a subagent whose task
// prompt (the first user message of agent_transcript_path) contains /mc-review, as the /mc design
// limits its Hook 3; any other subagent is never blocked and its words are never read for a
// score, whatever they say. Where the transcript holds no task prompt yet (docs/claude-code.md,
// "Transcripts at the time a hook runs"), a labelled score line in the final message makes it a
// review, so that a review is never let finish unrecorded. A review's score is read from
// last_assistant_message, else from the transcript's last assistant message; the last match
// wins. A score below 8/10 is sent back (blocked); a passing one is allowed. Every readable
// score is recorded on the session's task (sessionTask); a review without one never overwrites a
// recorded score, and is asked for a score line.
func (h *handler) subagentStop() (*event.Output, error) {
	tr, err := transcript.ReadMessages(h.ev.AgentTranscriptPath)
	if err != nil {
		h.log.Warn("cannot read the subagent transcript", "err", err)
	}
	msg := h.ev.LastAssistantMessage
	if strings.TrimSpace(msg) == "" {
		msg = tr.LastAssistant
	}
	review := strings.Contains(tr.FirstUser, ReviewCommand)
	if tr.FirstUser == "" {
		_, review = ParseScore(msg)
	}
	if !review {
		return nil, nil
	}
	score, scored := parseReviewScore(msg)
	agent := h.ev.AgentID
	if agent == "" {
		agent = "subagent"
	}
	var out *event.Output
	err = h.withLock(func() error {
		st := h.loadState()
		t, changed, err := h.reviewTask(st)
		if err != nil {
			return err
		}
		if t != nil && scored {
			t.ExpertReviewTriggered = true
			t.ExpertReviewScore = &score
			changed = true
		}
		run := st.Subagents[agent]
		switch {
		case scored && score >= PassScore:
			if _, ok := st.Subagents[agent]; !ok {
				return h.saveTask(t, changed)
			}
			delete(st.Subagents, agent)
		default:
			capName, blocks, limit := run.capReached(true, h.ev.StopHookActive, h.ev.AgentTranscriptPath, h.opts.Config.MaxIterations, h.opts.claudeCap)
			if capName != "" {
				msg := fmt.Sprintf("review block cap reached: subagent %s blocked %d times in a row (cap %d, %s); allowed",
					agent, blocks, limit, capName)
				h.log.Warn("review block cap reached; subagent allowed", "agent", agent,
					"blocks", blocks, "cap", limit, "which", capName)
				if t != nil {
					t.FailureHistory = append(t.FailureHistory, Failure{Time: stamp(h.opts.Now()), Reason: msg})
					changed = true
				}
				delete(st.Subagents, agent)
				out = event.Allow(msg + ".")
				out.SystemMessage = "ccc-hooks workflow: " + msg + "."
				break
			}
			run.block()
			if st.Subagents == nil {
				st.Subagents = map[string]blockRun{}
			}
			st.Subagents[agent] = run
			out = event.Block(reviewReason(score, scored))
		}
		if err := h.saveTask(t, changed); err != nil {
			return err
		}
		return h.saveState(st)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// reviewTask returns the session's task (sessionTask, adopted when found another way), or nil
// when there is none.
func (h *handler) reviewTask(st *blockState) (*Task, bool, error) {
	if !exists(h.store.Dir()) {
		return nil, false, nil
	}
	tasks, err := h.store.List()
	if err != nil {
		return nil, false, err
	}
	t, adopted := h.sessionTask(tasks, st)
	return t, adopted, nil
}

// saveTask saves t when it exists and changed.
func (h *handler) saveTask(t *Task, changed bool) error {
	if t == nil || !changed {
		return nil
	}
	return h.store.Save(t)
}
