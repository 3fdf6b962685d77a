package supervisor

import (
	"errors"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
)

// A review that fails on a rate limit with no reset named — behind an API key, claude -p reports
// the API's 429 after its own retries as "API Error: Request rejected (429) · <the server's
// message>", with api_error_status 429 and api_error_type rate_limit_error (docs/claude-code.md,
// "A reviewer out of quota") — would fail the same way on the next
// events, each a claude process that waits through those retries again and a line of failure.
// So the supervisor stands aside, as for a usage limit, for a short wait that grows while the
// limit holds: twice the last one each time a review meets it again, up to maxRateWait; a review
// on the account that succeeds ends the run. Each session is told once in a run.

const (
	// firstRateWait is the stand-aside after a rate limit met anew: short, since such limits
	// are counted by the minute.
	firstRateWait = time.Minute
	// maxRateWait bounds the stand-aside of a rate limit that keeps holding.
	maxRateWait = 30 * time.Minute
)

// rateLimitOf returns the rate limit with no reset named that err reports (ok false for any
// other failure, a usage limit among them: see UsageLimitOf).
func rateLimitOf(err error) (UsageLimit, bool) {
	var reported *reviewer.ReportedError
	if !errors.As(err, &reported) {
		return UsageLimit{}, false
	}
	if _, usage := UsageLimitOf(err); usage {
		return UsageLimit{}, false
	}
	text := strings.TrimSpace(reported.Msg)
	if reported.APIStatus != 429 && reported.APIType != "rate_limit_error" && !strings.Contains(text, "Request rejected (429)") {
		return UsageLimit{}, false
	}
	return UsageLimit{Message: text}, true
}

// grown is q, a rate limit met at q.Since, with its wait, its end and the start of its run, given
// the stand-aside recorded before it for the same account (prev, nil when none): a rate limit
// remembered (met again since, no review having succeeded between) doubles its wait and keeps its
// run's start; anything else starts a run with firstRateWait.
func (q QuotaStanding) grown(prev *QuotaStanding) QuotaStanding {
	q.Wait, q.Episode = firstRateWait, q.Since
	if prev != nil && prev.RateLimit && prev.remembered(q.Since) {
		q.Wait, q.Episode = min(2*prev.Wait, maxRateWait), prev.Episode
	}
	q.Until = q.Since.Add(q.Wait)
	return q
}
