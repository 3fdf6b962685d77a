package supervisor

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// accountKey is the account this hook run's reviews would run on (see accountKey).
func (s *supervision) accountKey() string {
	claude, _ := s.opts.Config.Claude(s.opts.Getenv)
	return accountKey(claude, s.opts.Config.ClaudeArgs, s.opts.Getenv)
}

// quotaWait answers ev without a review while a usage or rate limit the reviewer met stands the
// supervisor aside for this session's account (see StandAside), and says until when once in
// each session; standing is false when none does, and the event is reviewed as usual. It notes a
// rate limit of the account remembered after its stand-aside passed (rateRemembered), which a
// review that succeeds forgets.
func (s *supervision) quotaWait(ctx context.Context) (out *event.Output, standing bool) {
	now := s.opts.Now()
	all, err := s.store.QuotaRecords()
	if err != nil {
		s.opts.Log().Warn("cannot read the usage limits the reviewer met; reviewing", "err", err)
		return nil, false
	}
	key := s.accountKey()
	var q QuotaStanding
	for _, o := range all {
		if o.Key != key && o.Key != key+"/"+s.ev.SessionID {
			continue
		}
		if o.Until.After(now) {
			q, standing = o, true
		} else if o.RateLimit {
			s.rateRemembered = true
		}
	}
	if !standing {
		return nil, false
	}
	until := q.UntilText(time.Local)
	rec := Decision{
		Time: now.UTC(), SessionID: s.ev.SessionID, Event: s.ev.Name, Tool: s.ev.ToolName, Max: s.opts.Config.MaxIterations,
		Decision: DecisionQuotaWait,
		Reason:   fmt.Sprintf("the reviewer's account hit its usage limit (%s); the supervisor stands aside until %s", q.Message, until),
	}
	if q.RateLimit {
		rec.Reason = fmt.Sprintf("the reviewer's account is rate-limited (%s); the supervisor stands aside until %s", q.Message, until)
	}
	if st, _, err := s.store.Load(s.ev.SessionID); err == nil {
		rec.Count = st.Count
	}
	s.logDecision(rec)
	out = allow(s.ev, rec.Reason)
	if out != nil && s.tell(ctx, q.told()) {
		out.SystemMessage = fmt.Sprintf("ccc-hooks: the supervisor stands aside until %s: its reviewer's account hit its usage limit (%s). "+
			"See `ccc-hooks supervisor status`.", until, q.Message)
		if q.RateLimit {
			out.SystemMessage = rateLine(q)
		}
	}
	return out, true
}

// told is what a session is told of q by (State.QuotaTold): the end of a usage limit's
// stand-aside, the start of a run of rate limits (each session is told once in the run, however
// its wait grows).
func (q QuotaStanding) told() time.Time {
	if q.RateLimit {
		return q.Episode
	}
	return q.Until
}

// tell reports whether this session is yet to be told of the stand-aside marked by mark (see
// QuotaStanding.told), and notes that it now is (State.QuotaTold): each session is told once.
func (s *supervision) tell(ctx context.Context, mark time.Time) bool {
	told := false
	_, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		if st.QuotaTold.Equal(mark) {
			return ErrNoChange
		}
		st.QuotaTold, told = mark, true
		return nil
	})
	if err != nil {
		s.opts.Log().Warn("cannot note that the session was told of the usage limit", "err", err)
		return true // told twice rather than never
	}
	return told
}

// metQuota answers ev after its review failed on the usage limit u (rate: a rate limit with no
// reset named, see rateLimitOf): the supervisor stands aside until the limit resets, or for a
// rate limit for a wait that grows while it holds (StandAside), for every review of the account
// (or, for a limit of one model, of this session); the decision log records it apart from
// failures, and the user is told in one line until when (of a rate limit, once in its run). The
// event itself goes on unreviewed: the stop ends, the question is asked.
func (s *supervision) metQuota(ctx context.Context, rec *Decision, u UsageLimit, rate bool) *event.Output {
	now := s.opts.Now()
	until, read := u.standAsideUntil(now)
	key := s.accountKey()
	if !rate && !u.accountWide() {
		key += "/" + s.ev.SessionID
	}
	q := QuotaStanding{Key: key, Until: until.UTC(), ResetRead: read, UsageLimit: u, SessionID: s.ev.SessionID, Since: now.UTC(), RateLimit: rate}
	recorded, err := s.store.StandAside(ctx, q)
	if err != nil {
		s.opts.Log().Warn("cannot record the usage limit the reviewer met", "err", err)
	}
	if rate {
		q = q.grown(nil)
		if err == nil {
			q = recorded
		}
	}
	when := q.UntilText(time.Local)
	rec.Decision = DecisionQuota
	rec.Reason = fmt.Sprintf("the review failed on the account's usage limit (%s); the supervisor stands aside until %s", u.Message, when)
	if rate {
		rec.Reason = fmt.Sprintf("the review failed on a rate limit with no reset named (%s); the supervisor stands aside for %s, until %s",
			u.Message, minutes(q.Wait), when)
	}
	s.logDecision(*rec)
	told := s.tell(ctx, q.told())
	out := allow(s.ev, rec.Reason)
	if out == nil {
		out = &event.Output{}
	}
	if rate {
		if told {
			out.SystemMessage = rateLine(q)
		}
		return out
	}
	why := ""
	if !read {
		why = " (Claude Code named no reset this can read, so it tries again then)"
	}
	who := "every session on this account"
	if !u.accountWide() {
		who = "this session"
	}
	out.SystemMessage = fmt.Sprintf("ccc-hooks: the supervisor's review hit the account's usage limit (%s); the supervisor stands aside for %s until %s%s. "+
		"See `ccc-hooks supervisor status`.", strings.TrimSuffix(u.Message, "."), who, when, why)
	return out
}

// minutes writes a wait of whole minutes: "1 minute", "16 minutes".
func minutes(d time.Duration) string {
	n := int(d.Round(time.Minute) / time.Minute)
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}

// rateLine is the one line a session is told of a rate limit's stand-aside q.
func rateLine(q QuotaStanding) string {
	return fmt.Sprintf("ccc-hooks: the supervisor's reviewer is rate-limited (%s), with no reset named; the supervisor stands aside "+
		"for every session on this account for a short time that doubles while the limit holds (now until %s). "+
		"See `ccc-hooks supervisor status`.", strings.TrimSuffix(q.Message, "."), q.UntilText(time.Local))
}
