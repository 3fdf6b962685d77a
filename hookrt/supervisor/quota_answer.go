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

// quotaWait answers ev without a review while a usage limit the reviewer met stands the
// supervisor aside for this session's account (see StandAside), and says until when once in
// each session; standing is false when none does, and the event is reviewed as usual.
func (s *supervision) quotaWait(ctx context.Context) (out *event.Output, standing bool) {
	now := s.opts.Now()
	all, err := s.store.Quotas(now)
	if err != nil {
		s.opts.Log().Warn("cannot read the usage limits the reviewer met; reviewing", "err", err)
		return nil, false
	}
	key := s.accountKey()
	var q QuotaStanding
	for _, o := range all {
		if o.Key == key || o.Key == key+"/"+s.ev.SessionID {
			q, standing = o, true
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
	if st, _, err := s.store.Load(s.ev.SessionID); err == nil {
		rec.Count = st.Count
	}
	s.logDecision(rec)
	out = allow(s.ev, rec.Reason)
	if out != nil && s.tell(ctx, q.Until) {
		out.SystemMessage = fmt.Sprintf("ccc-hooks: the supervisor stands aside until %s: its reviewer's account hit its usage limit (%s). "+
			"See `ccc-hooks supervisor status`.", until, q.Message)
	}
	return out, true
}

// tell reports whether this session is yet to be told of the stand-aside until until, and notes
// that it now is (State.QuotaTold): each session is told once.
func (s *supervision) tell(ctx context.Context, until time.Time) bool {
	told := false
	_, err := s.store.Update(ctx, s.ev.SessionID, func(st *State) error {
		if st.QuotaTold.Equal(until) {
			return ErrNoChange
		}
		st.QuotaTold, told = until, true
		return nil
	})
	if err != nil {
		s.opts.Log().Warn("cannot note that the session was told of the usage limit", "err", err)
		return true // told twice rather than never
	}
	return told
}

// metQuota answers ev after its review failed on the usage limit u: the supervisor stands aside
// until the limit resets (StandAside), for every review of the account (or, for a limit of one
// model, of this session), the decision log records it apart from failures, and the user is told
// in one line until when. The event itself goes on unreviewed: the stop ends, the question is
// asked.
func (s *supervision) metQuota(ctx context.Context, rec *Decision, u UsageLimit) *event.Output {
	now := s.opts.Now()
	until, read := u.standAsideUntil(now)
	key := s.accountKey()
	if !u.accountWide() {
		key += "/" + s.ev.SessionID
	}
	q := QuotaStanding{Key: key, Until: until.UTC(), ResetRead: read, UsageLimit: u, SessionID: s.ev.SessionID, Since: now.UTC()}
	if err := s.store.StandAside(ctx, q); err != nil {
		s.opts.Log().Warn("cannot record the usage limit the reviewer met", "err", err)
	}
	when := q.UntilText(time.Local)
	rec.Decision = DecisionQuota
	rec.Reason = fmt.Sprintf("the review failed on the account's usage limit (%s); the supervisor stands aside until %s", u.Message, when)
	s.logDecision(*rec)
	s.tell(ctx, q.Until)
	out := allow(s.ev, rec.Reason)
	if out == nil {
		out = &event.Output{}
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
