package runs

import (
	"slices"

	"github.com/ccc-hooks/ccc-hooks/hookrt/transcript"
)

// Work is the run of work as a profile keeps it between events: the reviews of a run are
// counted from the user's last words to the agent.
type Work struct {
	// PromptID is the prompt_id of the last turn seen; a new one is a new turn.
	PromptID string `json:"prompt_id,omitempty"`
	// Typed names what the user typed that the run already started from (LastTyped values of
	// transcript.Turn, newest last, at most maxTyped), so that each starts it only once.
	Typed []string `json:"typed,omitempty"`
	// Waited is set by a Stop let through while the agent waited on background work, and
	// cleared by the next turn: that turn is most likely Claude Code's own, started when the
	// work ended.
	Waited bool `json:"waited,omitempty"`
}

// maxTyped bounds Work.Typed.
const maxTyped = 4

// Spoke brings w up to an event of the turn promptID, whose session's transcript is at path, and
// reports whether the user has spoken since the last event w saw: a new run of work starts.
//
// The transcript tells (transcript.ReadTurn): a prompt the user typed opens a turn with a new
// prompt_id, and what the user types while the agent works is added to the running turn; either
// starts a new run, once. A turn Claude Code opens by itself, when a background task ends or a
// wake-up fires, has a new prompt_id too, but does not: an agent that answers every block by
// starting background work would otherwise never meet a cap. Where the transcript cannot tell
// who opened a new turn (its record may not be written yet: docs/claude-code.md, "Turns,
// prompt_id and who opened a turn"), a turn after a
// Stop let through while the agent waited is taken for Claude Code's, and any other for the
// user's: a review more rather than one skipped. Without a prompt_id, and with nothing typed
// since, nothing says the user spoke, and the run goes on.
func (w *Work) Spoke(path, promptID string) bool {
	told := transcript.ReadTurn(path, promptID)
	newTurn := promptID != "" && promptID != w.PromptID
	waited := w.Waited
	if newTurn {
		w.PromptID, w.Waited = promptID, false
	}
	switch {
	case told.LastTyped != "" && !slices.Contains(w.Typed, told.LastTyped):
		w.noteTyped(told.LastTyped)
		return true
	case newTurn && told.Opener == transcript.Unknown && !waited:
		// Taken for the user's: once its record is written, it starts nothing again; nor does
		// what the user typed before it.
		w.noteTyped(told.LastTyped)
		w.noteTyped("prompt:" + promptID)
		return true
	}
	return false
}

// noteTyped records that the run has started from typed ("" records nothing).
func (w *Work) noteTyped(typed string) {
	if typed == "" || slices.Contains(w.Typed, typed) {
		return
	}
	w.Typed = append(w.Typed, typed)
	if over := len(w.Typed) - maxTyped; over > 0 {
		w.Typed = slices.Delete(w.Typed, 0, over)
	}
}

// Wait records that a Stop of the turn promptID came while the agent waited on background work
// (Waited); false when that was recorded already.
func (w *Work) Wait(promptID string) bool {
	if w.Waited && (promptID == "" || w.PromptID == promptID) {
		return false
	}
	w.Waited = true
	if promptID != "" {
		w.PromptID = promptID
	}
	return true
}
