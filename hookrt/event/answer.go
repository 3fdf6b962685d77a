package event

// Answer is a profile's answer to an event, as the router reads it: the output to print (nil
// prints nothing) and whether it is final. A final answer settles the event: the router asks no
// other profile, even when Out is nil ("let it stop, there is nothing more to do"). An answer that
// is not final is no opinion: the router asks the next profile, and prints Out only when none
// has more to say.
//
// Notice is a line for the user that goes with whatever the event is answered with, final or
// not (a task no longer enforced, a task file that cannot be read): the router adds it to the
// answer's systemMessage (WithNotice).
type Answer struct {
	Out    *Output
	Final  bool
	Notice string
}

// Final is a profile's decision on the event: out, and no other profile is asked.
func Final(out *Output) Answer { return Answer{Out: out, Final: true} }

// NoOpinion is the answer of a profile that leaves the event to the others.
func NoOpinion() Answer { return Answer{} }

// WithNotice adds msg to what out tells the user (its systemMessage, one line after another),
// making an answer of nothing one that says it. An empty msg leaves out as it is.
func WithNotice(out *Output, msg string) *Output {
	if msg == "" {
		return out
	}
	if out == nil {
		return &Output{SystemMessage: msg}
	}
	if out.SystemMessage != "" {
		msg = out.SystemMessage + "\n" + msg
	}
	out.SystemMessage = msg
	return out
}
