package supervisor

// The values of Decision.Decision. After a review it is the answer the hook gave: allow, block
// or deny, or none when it gave none; an event let through unreviewed is capped, block-cap or
// budget; a review that failed is failed, or failed-pass when the question it was about went to
// the user unreviewed because the review before it had failed too; quota a review that failed on
// the account's usage limit, and quota-wait an event let through unreviewed until that limit
// resets.
const (
	DecisionAllow      = "allow"
	DecisionBlock      = "block"
	DecisionDeny       = "deny"
	DecisionNone       = "none"
	DecisionCapped     = "capped"      // max_iterations reviews were done in this run of work
	DecisionBlockCap   = "block-cap"   // Claude Code's cap on Stop blocks in a row was reached
	DecisionBudget     = "budget"      // supervisor.session_budget_usd was spent
	DecisionFailed     = "failed"      // the reviewer failed
	DecisionFailedPass = "failed-pass" // the reviewer failed again; the question went to the user
	DecisionQuota      = "quota"       // the review failed on the account's usage limit
	DecisionQuotaWait  = "quota-wait"  // no review until the usage limit resets
)

// Decisions returns every value of Decision.Decision, in the order the totals of a log name them.
func Decisions() []string {
	return []string{
		DecisionAllow, DecisionBlock, DecisionDeny, DecisionNone,
		DecisionCapped, DecisionBlockCap, DecisionBudget, DecisionFailed, DecisionFailedPass,
		DecisionQuota, DecisionQuotaWait,
	}
}
