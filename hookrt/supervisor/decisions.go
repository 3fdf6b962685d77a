package supervisor

// The values of Decision.Decision. After a review it is the answer the hook gave: allow, block
// or deny, or none when it gave none; an event let through unreviewed is capped or block-cap,
// and a review that failed is failed.
const (
	DecisionAllow    = "allow"
	DecisionBlock    = "block"
	DecisionDeny     = "deny"
	DecisionNone     = "none"
	DecisionCapped   = "capped"    // max_iterations reviews were done in the session
	DecisionBlockCap = "block-cap" // Claude Code's cap on Stop blocks in a row was reached
	DecisionFailed   = "failed"    // the reviewer failed
)

// Decisions returns every value of Decision.Decision, in the order the totals of a log name them.
func Decisions() []string {
	return []string{
		DecisionAllow, DecisionBlock, DecisionDeny, DecisionNone,
		DecisionCapped, DecisionBlockCap, DecisionFailed,
	}
}
