package event

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
