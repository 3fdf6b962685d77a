package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// LockPath returns the lock file serialising every workflow write: <home>/locks/workflow.lock.
func LockPath(home string) string { return filepath.Join(home, "locks", "workflow.lock") }

// Lock takes the workflow lock and returns the function that releases it.
func (s *TaskStore) Lock(ctx context.Context) (unlock func(), err error) {
	return safefile.Lock(ctx, LockPath(s.Home), safefile.DefaultLockTimeout)
}

// writeFile replaces path atomically (temporary file in the same directory, sync, rename).
func writeFile(path string, data []byte) error {
	if err := safefile.WriteFileAtomic(path, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// blockState counts a session's blocks in a row: <home>/workflow-<session id>.json.
type blockState struct {
	SessionID string `json:"session_id"`
	// Stop is the run of Stop blocks since the last allowed stop or user prompt.
	Stop blockRun `json:"stop"`
	// Subagents are the runs of SubagentStop blocks per agent_id since that agent was last allowed.
	Subagents map[string]blockRun `json:"subagents,omitempty"`
	UpdatedAt string              `json:"updated_at"`
}

// exists reports whether path names something that can be looked at: the workflow's files are
// only read or reset when they are there.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// StatePath returns the block counters of a session, <home>/workflow-<session id>.json (ccc-hooks
// home's pruner removes them with the session's other files: package retention).
func StatePath(home, sessionID string) string {
	return filepath.Join(home, "workflow-"+sessionID+".json")
}

// loadState reads the session's block counters; a missing or unreadable file counts as zero
// (an unreadable one is reported).
func (h *handler) loadState() *blockState {
	st := &blockState{SessionID: h.ev.SessionID}
	path := StatePath(h.opts.Home, h.ev.SessionID)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st
	}
	if err == nil {
		err = json.Unmarshal(data, st)
	}
	if err != nil {
		h.log.Warn("unreadable block count; starting from zero", "file", path, "err", err)
		return &blockState{SessionID: h.ev.SessionID}
	}
	st.SessionID = h.ev.SessionID
	return st
}

// saveState writes the session's block counters. The caller holds the lock.
func (h *handler) saveState(st *blockState) error {
	st.UpdatedAt = h.opts.Now().Format(time.RFC3339)
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encode block count: %w", err)
	}
	if _, err := safefile.MkdirAll(h.opts.Home, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", h.opts.Home, err)
	}
	return writeFile(StatePath(h.opts.Home, h.ev.SessionID), append(data, '\n'))
}

// resetBlocks ends any run of blocks of the session (a user prompt does this). It writes only
// when there is something to reset.
func (h *handler) resetBlocks() error {
	if !exists(StatePath(h.opts.Home, h.ev.SessionID)) {
		return nil
	}
	return h.withLock(func() error {
		st := h.loadState()
		if st.Stop == (blockRun{}) && len(st.Subagents) == 0 {
			return nil
		}
		st.Stop, st.Subagents = blockRun{}, nil
		return h.saveState(st)
	})
}
