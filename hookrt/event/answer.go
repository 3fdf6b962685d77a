package event

import "github.com/tidwall/gjson"

// Answer is a profile's answer to an event, as the router reads it: the output to print (nil
// prints nothing) and whether it is final. A final answer settles the event: the router asks no
// other profile, even when Out is nil ("let it stop, there is nothing more to do"). An answer that
// is not final is no opinion: the router asks the next profile, and prints Out only when none
// has more to say.
type Answer struct {
	Out   *Output
	Final bool
}

// Final is a profile's decision on the event: out, and no other profile is asked.
func Final(out *Output) Answer { return Answer{Out: out, Final: true} }

// NoOpinion is the answer of a profile that leaves the event to the others.
func NoOpinion() Answer { return Answer{} }

// Waiting reports whether a Stop event lists a background task still in flight: a subagent,
// a shell or (from Claude Code 2.1.329) a monitor that is running or pending. The agent is then
// waiting, not done: Claude Code starts a new turn itself when the task ends, and that turn's Stop
// is the one to judge. Claude Code's Stop input documents background_tasks as in-flight work
// "(running/pending + backgrounded)"; finished tasks are not listed, and any other status is
// read as not in flight (docs/claude-code.md).
func (e *Event) Waiting() bool {
	if e.Name != Stop {
		return false // a subagent's stop is its own, whatever else the session runs
	}
	tasks := gjson.GetBytes(e.Raw, "background_tasks")
	if !tasks.IsArray() {
		return false
	}
	for _, t := range tasks.Array() {
		switch t.Get("status").String() {
		case "running", "pending":
			return true
		}
	}
	return false
}
