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

// quotaFile is what ccc-hooks home keeps of usage limits: one small file for every session, its
// entries dropped once they pass (so the retention of sessions' files need not know of it).
const quotaFile = "reviewer-quota.json"

// quotaRecord is the content of quotaFile.
type quotaRecord struct {
	Standing []QuotaStanding `json:"standing"`
}

func (s *SessionStore) quotaPath() string { return filepath.Join(s.Home, quotaFile) }

// Quotas returns the stand-asides for usage limits that have not passed at now. It takes no lock:
// the file is always replaced whole. A file that cannot be read is an error (the hook reviews
// then: a review more, never one skipped).
func (s *SessionStore) Quotas(now time.Time) ([]QuotaStanding, error) {
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
	return slices.DeleteFunc(rec.Standing, func(q QuotaStanding) bool { return !q.Until.After(now) }), nil
}

// StandAside records q, in place of a stand-aside of the same key, and drops those passed at
// q.Since; under the lock of the file, written atomically.
func (s *SessionStore) StandAside(ctx context.Context, q QuotaStanding) error {
	unlock, err := safefile.Lock(ctx, filepath.Join(s.Home, "locks", "reviewer-quota.lock"), s.LockTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	standing, err := s.Quotas(q.Since)
	if err != nil {
		standing = nil // a broken record is replaced: it stood nobody aside
	}
	standing = slices.DeleteFunc(standing, func(o QuotaStanding) bool { return o.Key == q.Key })
	data, err := json.MarshalIndent(quotaRecord{Standing: append(standing, q)}, "", "  ")
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
