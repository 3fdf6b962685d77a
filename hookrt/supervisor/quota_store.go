package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// QuotaStanding is the supervisor standing aside for a usage limit its reviewer met, as ccc-hooks
// home records it: reviews on the same account wait until Until.
type QuotaStanding struct {
	// Key is the account the limit holds for (accountKey), followed by "/<session>" for a limit
	// that holds for one session's reviews alone (UsageLimit.accountWide).
	Key   string    `json:"key"`
	Until time.Time `json:"until"`
	// ResetRead is false when Until is a short wait because the reset could not be read.
	ResetRead bool `json:"reset_read"`
	UsageLimit
	// RateLimit is set for a rate limit with no reset named (see rateLimitOf): Until is Wait
	// after Since, and Episode is when the run of such limits on the account began.
	RateLimit bool          `json:"rate_limit,omitempty"`
	Wait      time.Duration `json:"wait_ns,omitempty"`
	Episode   time.Time     `json:"episode,omitzero"`
	// SessionID is the session whose review met the limit, at Since.
	SessionID string    `json:"session_id"`
	Since     time.Time `json:"since"`
}

// UntilText is when the supervisor reviews again, for people: the reset as Claude Code wrote
// it when that is the time stood aside until, else the time in the zone of loc.
func (q QuotaStanding) UntilText(loc *time.Location) string {
	if reset, ok := q.Reset(q.Since); ok && q.ResetRead && reset.Equal(q.Until) {
		return q.Resets
	}
	return q.Until.In(loc).Format("Jan 2 15:04 MST")
}

// quotaFile is what ccc-hooks home keeps of usage and rate limits: one small file for every
// session, its entries dropped once they pass, or for a rate limit a day after (see remembered),
// so that the retention of sessions' files need not know of it.
const quotaFile = "reviewer-quota.json"

// rateMemory is how long a rate limit's stand-aside is remembered after it passed, unless a review
// on its account succeeds first: the next rate limit met within it grows from it (see grown).
const rateMemory = 24 * time.Hour

// quotaRecord is the content of quotaFile.
type quotaRecord struct {
	Standing []QuotaStanding `json:"standing"`
}

func (s *SessionStore) quotaPath() string { return filepath.Join(s.Home, quotaFile) }

// QuotaRecords returns every stand-aside quotaFile holds: those standing, and the rate limits
// remembered after they passed. It takes no lock: the file is always replaced whole. A file that
// cannot be read is an error (the hook reviews then: a review more, never one skipped).
func (s *SessionStore) QuotaRecords() ([]QuotaStanding, error) {
	data, err := safefile.ReadRegular(s.quotaPath(), 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", s.quotaPath(), err)
	}
	var rec quotaRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("read %s: %w", s.quotaPath(), err)
	}
	return rec.Standing, nil
}

// Quotas returns the stand-asides that have not passed at now (see QuotaRecords).
func (s *SessionStore) Quotas(now time.Time) ([]QuotaStanding, error) {
	all, err := s.QuotaRecords()
	return slices.DeleteFunc(all, func(q QuotaStanding) bool { return !q.Until.After(now) }), err
}

// remembered reports whether q is still kept at now: standing, or a rate limit that passed less
// than rateMemory ago.
func (q QuotaStanding) remembered(now time.Time) bool {
	return q.Until.After(now) || q.RateLimit && q.Until.Add(rateMemory).After(now)
}

// StandAside records q, in place of a stand-aside of the same key, and drops those no longer
// remembered at q.Since; under the lock of the file, written atomically. A rate limit's wait
// grows from the one it replaces (see grown). It returns q as recorded.
func (s *SessionStore) StandAside(ctx context.Context, q QuotaStanding) (QuotaStanding, error) {
	err := s.editQuotas(ctx, func(all []QuotaStanding) []QuotaStanding {
		kept := all[:0]
		var prev *QuotaStanding
		for i, o := range all {
			switch {
			case o.Key == q.Key:
				prev = &all[i]
			case o.remembered(q.Since):
				kept = append(kept, o)
			}
		}
		if q.RateLimit {
			q = q.grown(prev)
		}
		return append(kept, q)
	})
	return q, err
}

// ForgetRateLimit drops the rate limit remembered of the account key: a review on it succeeded,
// so the next rate limit is a new one, with a short wait.
func (s *SessionStore) ForgetRateLimit(ctx context.Context, key string, now time.Time) error {
	return s.editQuotas(ctx, func(all []QuotaStanding) []QuotaStanding {
		return slices.DeleteFunc(all, func(o QuotaStanding) bool { return o.Key == key && o.RateLimit && !o.Until.After(now) })
	})
}

// editQuotas replaces the entries of quotaFile with what edit makes of them, under the file's lock;
// a file that cannot be read is replaced (it stood nobody aside).
func (s *SessionStore) editQuotas(ctx context.Context, edit func([]QuotaStanding) []QuotaStanding) error {
	unlock, err := safefile.Lock(ctx, filepath.Join(s.Home, "locks", "reviewer-quota.lock"), s.LockTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	all, err := s.QuotaRecords()
	if err != nil {
		all = nil
	}
	data, err := json.MarshalIndent(quotaRecord{Standing: edit(all)}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", quotaFile, err)
	}
	if _, err := safefile.MkdirAll(s.Home, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", s.Home, err)
	}
	if err := safefile.WriteFileAtomic(s.quotaPath(), append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", s.quotaPath(), err)
	}
	return nil
}

// ClearQuotas forgets every stand-aside (`ccc-hooks supervisor on` asks for reviews again).
func (s *SessionStore) ClearQuotas() error {
	if err := os.Remove(s.quotaPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", s.quotaPath(), err)
	}
	return nil
}
