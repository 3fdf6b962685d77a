package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// State is the content of <home>/supervisor-<id>.json. The seeds' fields (session_id, enabled,
// count, created_at, updated_at) keep their names; the others were added since.
type State struct {
	SessionID string `json:"session_id"`
	// Enabled is the explicit on/off of `ccc-hooks supervisor on|off`, or the one carried over
	// from the session before it in its Claude Code window; nil means "use the default".
	Enabled *bool `json:"enabled"`
	// CarriedFrom names the session whose switch Enabled was carried over from (carry.go); empty
	// when the session was switched itself.
	CarriedFrom string `json:"carried_from,omitempty"`
	// Count is the reviews of the run of work: since the user last spoke (see caps.go), or since
	// `ccc-hooks supervisor on`.
	Count int `json:"count"`
	// Work is the run of work the count is of (prompt_id, typed, waited: see runs.Work).
	runs.Work
	// FailedReviews counts the reviews in a row that failed; a review that succeeds ends the run.
	// A review that met the account's usage limit is no failure of the reviewer, and not counted.
	FailedReviews int `json:"failed_reviews,omitempty"`
	// QuotaTold is the end of the stand-aside for a usage limit that the session was told of
	// (each session is told once: see quotaWait).
	QuotaTold time.Time `json:"quota_told,omitzero"`
	// BudgetFromUSD is what the session's logged reviews had cost at the last
	// `ccc-hooks supervisor on`: supervisor.session_budget_usd counts from there.
	BudgetFromUSD float64 `json:"budget_from_usd,omitempty"`
	// StopRun counts the Stop blocks in a row as Claude Code counts them (see package
	// runs), to stay within its cap. A review under way holds its place in the count until
	// its verdict is known.
	StopRun   *runs.Blocks `json:"stop_run,omitempty"`
	CreatedAt time.Time    `json:"created_at"`
	UpdatedAt time.Time    `json:"updated_at"`
}

// SessionStore reads and writes the supervisor state files and decision logs of sessions
// under Home (the ccc-hooks home). Every change is made under a per-session lock (a sidecar file
// in <home>/locks) and written atomically, so concurrent hooks of one session never lose an
// update. The store creates the ccc-hooks home itself when it first writes; safefile.Lock
// creates only the folder of its own lock file.
type SessionStore struct {
	Home string
	// Now is the clock of what the store writes (the run's outside.Env.Now); a store that only
	// reads leaves it nil.
	Now         func() time.Time
	LockTimeout time.Duration // 0 means safefile.DefaultLockTimeout
}

// Path returns the state file of session id.
func (s *SessionStore) Path(id string) string { return filepath.Join(s.Home, "supervisor-"+id+".json") }

// LogPath returns the decision log of session id.
func (s *SessionStore) LogPath(id string) string {
	return filepath.Join(s.Home, "supervisor-"+id+".log")
}

func (s *SessionStore) lockPath(id string) string {
	return filepath.Join(s.Home, "locks", "supervisor-"+id+".lock")
}

// Load returns the state of id; a missing file gives a zero State and exists false.
// It takes no lock: the file is always replaced whole, so a reader sees an old or a new version.
func (s *SessionStore) Load(id string) (st State, exists bool, err error) {
	data, err := os.ReadFile(s.Path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return State{SessionID: id}, false, nil
	}
	if err != nil {
		return State{SessionID: id}, false, fmt.Errorf("read state: %w", err)
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return State{SessionID: id}, true, fmt.Errorf("read state %s: %w", s.Path(id), err)
	}
	st.SessionID = id
	return st, true, nil
}

// ErrNoChange returned by an Update function leaves the file as it is.
var ErrNoChange = errors.New("no change")

// Update applies change to the state of id under the session's lock and writes the result
// atomically. A corrupt state file is started afresh. When change returns ErrNoChange nothing is
// written and Update returns the state it saw with a nil error.
func (s *SessionStore) Update(ctx context.Context, id string, change func(*State) error) (State, error) {
	unlock, err := s.lock(ctx, id)
	if err != nil {
		return State{}, err
	}
	defer unlock()
	st, exists, err := s.Load(id)
	if err != nil && !exists {
		return State{}, err
	}
	now := s.now()
	if !exists || err != nil {
		st = State{SessionID: id, CreatedAt: now}
	}
	if err := change(&st); err != nil {
		if errors.Is(err, ErrNoChange) {
			return st, nil
		}
		return st, err
	}
	st.UpdatedAt = now
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return st, fmt.Errorf("encode state: %w", err)
	}
	// The store creates its own folder; the lock's folder is the lock's business.
	if _, err := safefile.MkdirAll(s.Home, 0o700); err != nil {
		return st, fmt.Errorf("create %s: %w", s.Home, err)
	}
	if err := safefile.WriteFileAtomic(s.Path(id), append(data, '\n'), 0o600); err != nil {
		return st, fmt.Errorf("write state: %w", err)
	}
	return st, nil
}

func (s *SessionStore) lock(ctx context.Context, id string) (unlock func(), err error) {
	return safefile.Lock(ctx, s.lockPath(id), s.LockTimeout)
}

// Append adds one JSON line describing record to the decision log of id, under the session's
// lock: the pruner of ccc-hooks home reads a log and removes it under that lock, so a line is
// never appended to a log already counted.
func (s *SessionStore) Append(id string, record any) error {
	line, err := json.Marshal(record)
	if err != nil {
		return fmt.Errorf("encode log record: %w", err)
	}
	unlock, err := s.lock(context.Background(), id)
	if err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	defer unlock()
	if _, err := safefile.MkdirAll(s.Home, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", s.Home, err)
	}
	f, err := os.OpenFile(s.LogPath(id), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open log: %w", err)
	}
	// One write per line: O_APPEND keeps concurrent writers' lines whole.
	_, werr := f.Write(append(line, '\n'))
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("write log: %w", werr)
	}
	if cerr != nil {
		return fmt.Errorf("write log: %w", cerr)
	}
	return nil
}

// keepFreshAfter is how old the state of an ID in use may grow before KeepFresh renews its time:
// far below the shortest retention (a day), at the cost of one write an hour at most.
const keepFreshAfter = time.Hour

// KeepFresh marks the state of id as in use (see keepFresh). Hooks call it for a supervisor ID
// shared by sessions ($CCC_SUPERVISOR_ID), whose state no review writes, so that its on or off
// outlives the retention while sessions use it.
func (s *SessionStore) KeepFresh(ctx context.Context, id string) error {
	return s.keepFresh(ctx, s.Path(id), s.lockPath(id))
}

// keepFresh marks the file at path as in use: when it was last written more than keepFreshAfter
// ago, its modification time is set to now, under lock (the lock the pruner of ccc-hooks home
// holds while it removes the file). A file that does not exist is left so.
func (s *SessionStore) keepFresh(ctx context.Context, path, lock string) error {
	fi, err := os.Stat(path)
	if err != nil || s.now().Sub(fi.ModTime()) < keepFreshAfter {
		return nil
	}
	unlock, err := safefile.Lock(ctx, lock, s.LockTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	now := s.now()
	if err := os.Chtimes(path, now, now); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("mark %s in use: %w", path, err)
	}
	return nil
}

func (s *SessionStore) now() time.Time { return s.Now().UTC() }
