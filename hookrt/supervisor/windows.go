package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// windowsDir is the folder of ccc-hooks home holding one record per Claude Code window.
const windowsDir = "windows"

// maxWindowRecord bounds what is read of a window record (a few hundred bytes when ccc-hooks
// wrote it).
const maxWindowRecord = 64 << 10

// WindowRecord is <home>/windows/<pid>.json: the last session a Claude Code window (process)
// ran with the supervisor switched on or off for it, and that switch. A later process with the
// same ID has another Start and overwrites it.
type WindowRecord struct {
	PID       int       `json:"pid"`
	Start     string    `json:"start"`
	SessionID string    `json:"session_id"`
	Enabled   bool      `json:"enabled"`
	UpdatedAt time.Time `json:"updated_at"`
}

// WindowPath returns the record of the window with process ID pid.
func (s *SessionStore) WindowPath(pid int) string {
	return filepath.Join(s.Home, windowsDir, strconv.Itoa(pid)+".json")
}

func (s *SessionStore) windowLockPath(pid int) string {
	return filepath.Join(s.Home, "locks", "window-"+strconv.Itoa(pid)+".lock")
}

// LoadWindow returns the record of the window with process ID pid; found is false when there is
// none. Only a regular file is read: anything else is an error, as is a record that is not JSON.
// It takes no lock: the file is always replaced whole.
func (s *SessionStore) LoadWindow(pid int) (rec WindowRecord, found bool, err error) {
	path := s.WindowPath(pid)
	data, err := safefile.ReadRegular(path, maxWindowRecord)
	if errors.Is(err, fs.ErrNotExist) {
		return WindowRecord{}, false, nil
	}
	if err != nil {
		return WindowRecord{}, false, fmt.Errorf("read window record: %w", err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return WindowRecord{}, false, fmt.Errorf("read window record %s: %w", path, err)
	}
	return rec, true, nil
}

// NoteWindow records that window w runs session with the supervisor switched on or off for it.
// It writes (atomically, under the window's lock) only when the record says otherwise; a record
// that says so already is marked as in use (see keepFresh), so that the retention of ccc-hooks
// home never removes the record of a window still running its session.
func (s *SessionStore) NoteWindow(ctx context.Context, w window.ID, session string, enabled bool) error {
	if rec, found, err := s.LoadWindow(w.PID); err == nil && found && rec.Start == w.Start && rec.SessionID == session && rec.Enabled == enabled {
		return s.keepFresh(ctx, s.WindowPath(w.PID), s.windowLockPath(w.PID))
	}
	unlock, err := safefile.Lock(ctx, s.windowLockPath(w.PID), s.LockTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	data, err := json.MarshalIndent(WindowRecord{PID: w.PID, Start: w.Start, SessionID: session, Enabled: enabled, UpdatedAt: s.now()}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode window record: %w", err)
	}
	dir := filepath.Join(s.Home, windowsDir)
	if _, err := safefile.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := safefile.WriteFileAtomic(s.WindowPath(w.PID), append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("write window record: %w", err)
	}
	return nil
}
