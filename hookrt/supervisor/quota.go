package supervisor

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
)

// A review that fails on the account's usage limit is no failure of the reviewer: every review
// until the limit resets would fail the same way, each costing a claude process and a line of
// failure. Claude Code reports it in its result (docs/claude-code.md, "A reviewer out
// of quota"): is_error true, api_error "usage_limit_reached", api_error_status
// 429, and result "You've hit your 5-hour limit · resets 8:18am (Europe/London)" — the limit's
// name and its reset as Claude Code's clock and zone write it; the output carries no reset time
// of its own. Claude Code says so where it takes the API's rate-limit headers as the account's
// (a claude.ai sign-in, or an organization gateway's token); behind an API key the same 429 reads
// "API Error: Request rejected (429) · …", a rate limit with no reset named (quota_rate.go).

// UsageLimit is a review that failed on the account's usage limit.
type UsageLimit struct {
	// Message is Claude Code's report, as it printed it.
	Message string
	// Limit names the limit ("5-hour limit", "weekly limit", "Opus limit"), "" when the report
	// does not say.
	Limit string
	// Resets is when the report says the limit resets, as it wrote it ("8:18am (Europe/London)");
	// "" when it says not.
	Resets string
}

// UsageLimitOf returns the usage limit err reports (ok false for any other failure).
func UsageLimitOf(err error) (UsageLimit, bool) {
	var reported *reviewer.ReportedError
	if !errors.As(err, &reported) {
		return UsageLimit{}, false
	}
	text := strings.TrimSpace(reported.Msg)
	m := hitLimit().FindStringSubmatch(text)
	if reported.APIError != "usage_limit_reached" && m == nil {
		return UsageLimit{}, false
	}
	u := UsageLimit{Message: text}
	if m != nil {
		u.Limit = strings.TrimSpace(m[1])
	}
	if r := resetsAt().FindStringSubmatch(text); r != nil {
		u.Resets = strings.TrimSpace(r[1])
	}
	return u, true
}

// The expressions below are compiled when first used: a hook run that meets no usage limit never
// pays for them.

// hitLimit is Claude Code's report of a usage limit: "You've hit your <limit>", then " · …" parts.
// (Its older wording, "You've hit your session limit", is read the same way.)
var hitLimit = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^You['’]ve hit your ([^·]+?)(?:\s*·|$)`)
})

// resetsAt is the part of the report that says when the limit resets.
var resetsAt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?:^|·)\s*resets ([^·]+?)\s*(?:·|$)`) })

// resetClock reads a reset as Claude Code writes it (its formatResetTime): within a day the time
// alone, "8am" or "8:18am", else with the date, "Dec 5, 8:18am", and the year when it is not this
// one, "Jan 2, 2027, 8am"; then the zone it used in parentheses, "(Europe/London)", "(UTC)".
var resetClock = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:([A-Z][a-z]{2}) (\d{1,2}), (?:(\d{4}), )?)?(\d{1,2})(?::(\d{2}))?\s*([ap]m)(?: \(([^()]+)\))?$`)
})

// Reset returns the time u.Resets names, read as of now; ok is false when it names none this
// code can read (no reset, a zone this system does not know).
//
// A time without a date is the next one at or after a few minutes before now: Claude Code writes
// the time alone for a reset within a day, and writes it by the minute, so a reset in the
// minute now ends reads a little in the past.
func (u UsageLimit) Reset(now time.Time) (time.Time, bool) {
	m := resetClock().FindStringSubmatch(u.Resets)
	if m == nil {
		return time.Time{}, false
	}
	loc := time.Local
	if m[7] != "" {
		l, err := time.LoadLocation(m[7])
		if err != nil {
			return time.Time{}, false
		}
		loc = l
	}
	hour, _ := strconv.Atoi(m[4])
	minute := 0
	if m[5] != "" {
		minute, _ = strconv.Atoi(m[5])
	}
	if hour < 1 || hour > 12 || minute > 59 {
		return time.Time{}, false
	}
	hour %= 12
	if m[6] == "pm" {
		hour += 12
	}
	local := now.In(loc)
	if m[1] == "" {
		t := time.Date(local.Year(), local.Month(), local.Day(), hour, minute, 0, 0, loc)
		for t.Before(now.Add(-resetSlack)) {
			t = t.AddDate(0, 0, 1)
		}
		return t, true
	}
	month, err := time.Parse("Jan", m[1])
	if err != nil {
		return time.Time{}, false
	}
	day, _ := strconv.Atoi(m[2])
	year := local.Year()
	if m[3] != "" {
		year, _ = strconv.Atoi(m[3])
	}
	t := time.Date(year, month.Month(), day, hour, minute, 0, 0, loc)
	if t.Month() != month.Month() || t.Day() != day {
		return time.Time{}, false // Feb 30
	}
	return t, true
}

const (
	// resetSlack is how far in the past a reset written without a date may read (see Reset).
	resetSlack = 10 * time.Minute
	// unreadResetWait is how long the supervisor stands aside when the reset cannot be read:
	// short, so that a limit that reset meanwhile costs few skipped reviews, and long enough that
	// a limit that did not costs few failed ones.
	unreadResetWait = 5 * time.Minute
	// minQuotaWait is the shortest stand-aside: a reset already past when the review failed on
	// it is not past for the API.
	minQuotaWait = time.Minute
	// maxQuotaWait bounds a stand-aside: the longest limit Claude Code names is a week's.
	maxQuotaWait = 8 * 24 * time.Hour
)

// standAsideUntil is when the supervisor reviews again after a review failed on u at now.
func (u UsageLimit) standAsideUntil(now time.Time) (until time.Time, read bool) {
	reset, ok := u.Reset(now)
	switch {
	case !ok:
		return now.Add(unreadResetWait), false
	case reset.Before(now.Add(minQuotaWait)):
		return now.Add(minQuotaWait), true
	case reset.After(now.Add(maxQuotaWait)):
		return now.Add(maxQuotaWait), true
	}
	return reset, true
}

// accountWide reports whether the limit u names holds for every review of the account: the
// 5-hour (once "session") and weekly limits do; one that names a model (an "Opus limit") holds
// for that model's reviews alone, which the supervisor cannot tell from here, so it stands aside
// only for the session that met it.
func (u UsageLimit) accountWide() bool {
	switch strings.ToLower(u.Limit) {
	case "5-hour limit", "session limit", "weekly limit", "usage limit", "limit":
		return true
	}
	return false
}

// accountVars are the variables of the reviewer's environment that choose the account and the
// endpoint its requests are counted against, and where Claude Code keeps a signed-in account's
// credentials.
var accountVars = []string{
	"HOME", "CLAUDE_CONFIG_DIR", "ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN",
	"CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY",
	"ANTHROPIC_MODEL",
}

// accountKey names the account a review runs on: a digest of the claude program, its extra
// arguments (supervisor.claude_args: a --model, a --settings) and the account variables of the
// reviewer's environment. Reviews under another account, endpoint or model are not stood aside
// by this one's limit. The digest keeps no credential readable in ccc-hooks home.
func accountKey(program string, args []string, getenv func(string) string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q %q\n", program, args)
	for _, v := range accountVars {
		fmt.Fprintf(h, "%s=%q\n", v, getenv(v))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
