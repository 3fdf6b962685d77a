// A run of Stop (or SubagentStop) blocks, counted the way Claude Code counts it.
//
// Claude Code ends a turn anyway once hooks have blocked it more than its cap
// (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, default 8) times "in a row", and its count of blocks in a row
// goes back to 0 whenever the continuation after a block called a tool other than the goal tools
// (SetGoal, ProposeGoal, PauseGoal, GetGoal), while stop_hook_active stays true all along. Tool
// calls reach the transcript before the next Stop fires; words alone, or the file itself, may not
// (docs/claude-code.md, "Claude Code's cap on Stop blocks in a row" and "Transcripts at the time a
// hook runs").
//
// A hook therefore keeps, between stops, the count and a transcript.Mark (Blocks), where the
// previous stop left the event's own transcript. Continue reads only what was appended since, in
// one bounded slice (package transcript). The count is kept as a range, Low to High, because a
// transcript cannot always tell:
//
//   - A transcript that did not exist at the previous stop and does not exist now holds no tool
//     call: nothing happened, the count goes on (exact).
//   - One that appeared since holds only what came after the previous stop (a tool call would
//     have created it then): it is read from its start (exact, up to one slice).
//   - One that vanished, shrank, was rewritten before the mark or is another file, a run without a
//     mark, and a transcript that cannot be read cannot tell: Low starts again (a tool may have
//     been called) and High goes on (none may have been).
//   - More than one slice appended: a tool call in its last slice starts the run again (exact);
//     none there cannot tell.
//
// Each profile then takes the bound whose error is cheap for it: the supervisor reviews unless
// Low has reached Claude Code's cap (a review Claude Code overrides costs money; a skipped one
// lets unreviewed work through), and the workflow blocks only while High is below it (a block
// Claude Code overrides shows the user a warning and counts a failure that never happened).

package runs

import "github.com/ccc-hooks/ccc-hooks/hookrt/transcript"

// Blocks is Claude Code's count of blocks in a row before a stop as far as the transcripts told, at
// least Low and at most High, and the Mark where the last stop left the transcript.
type Blocks struct {
	Low  int              `json:"low"`
	High int              `json:"high"`
	Mark *transcript.Mark `json:"mark,omitempty"`
}

// finding is what a transcript tells of the time between two stops.
type finding int

const (
	unknown finding = iota // it cannot tell whether a tool was called
	quiet                  // no tool call: the run goes on
	worked                 // a tool call: the run starts again
)

// goalTools are the tools whose calls do not start Claude Code's count again.
var goalTools = map[string]bool{"SetGoal": true, "ProposeGoal": true, "PauseGoal": true, "GetGoal": true}

// Continue brings r up to a stop and returns it: stopHookActive and the transcript at path come
// from this stop's event (agent_transcript_path for SubagentStop). A stop with stop_hook_active
// false starts the count at 0; so does a tool call since the last stop; where the transcript
// cannot tell, only Low does (see the package comment). The transcript is read only while a count
// is running or a mark is due, and never more than transcript.MaxSlice of it.
func (r Blocks) Continue(stopHookActive bool, path string) Blocks {
	if !stopHookActive || r.Low < 0 || r.High < r.Low {
		r.Low, r.High = 0, 0
	}
	var f finding
	f, r.Mark = look(r.Mark, r.High > 0, path)
	switch f {
	case worked:
		r.Low, r.High = 0, 0
	case unknown:
		r.Low = 0
	case quiet:
	}
	return r
}

// Block counts a block of the stop just brought up to date.
func (r *Blocks) Block() { r.Low, r.High = r.Low+1, r.High+1 }

// look reads what the transcript at path tells of the time since the stop that left prev, and
// returns the mark for the next stop. counting is false when no count is running: then only the
// mark is due. A tool call other than a goal tool among the lines appended says the agent
// worked, even when they are only the last slice of what was appended; none says it did not only
// when they are all of it.
func look(prev *transcript.Mark, counting bool, path string) (finding, *transcript.Mark) {
	if !counting {
		return quiet, transcript.End(path)
	}
	appended, next := transcript.Since(prev, path)
	for name := range transcript.ToolCalls(appended.Lines) {
		if !goalTools[name] {
			return worked, next
		}
	}
	if appended.Whole {
		return quiet, next
	}
	return unknown, next
}

// Unblock gives back a block counted before its verdict was known.
func (r *Blocks) Unblock() {
	if r.Low > 0 {
		r.Low--
	}
	if r.High > 0 {
		r.High--
	}
}
