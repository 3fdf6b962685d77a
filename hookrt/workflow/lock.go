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

// blockState is what the workflow keeps of a session: <home>/workflow-<session id>.json.
type blockState struct {
	SessionID string `json:"session_id"`
	// Stop is the run of Stop blocks since the last allowed stop or user prompt.
	Stop blockRun `json:"stop"`
	// Subagents are the runs of SubagentStop blocks per agent_id since that agent was last allowed.
	Subagents map[string]blockRun `json:"subagents,omitempty"`
	// PromptID is the prompt_id of the last prompt the workflow's own prompt hook saw: the
	// workflow's hooks ran for that turn (see installedHere).
	PromptID string `json:"prompt_id,omitempty"`
	// Window is the Claude Code window (process) the session last ran in, which a session /clear
	// starts in the same window follows its task by (see sessionTask).
	Window *windowRef `json:"window,omitempty"`
	// Told lists what the user was told once in this session: a task no longer enforced, a task
	// file that cannot be read (see tell).
	Told      []string `json:"told,omitempty"`
	UpdatedAt string   `json:"updated_at"`
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

// loadState reads what the workflow keeps of the event's session (see stateOf).
func (h *handler) loadState() *blockState { return h.stateOf(h.ev.SessionID) }

// stateOf reads what the workflow keeps of session id; a missing or unreadable file counts as
// nothing kept (an unreadable one is reported).
func (h *handler) stateOf(id string) *blockState {
	st := &blockState{SessionID: id}
	path := StatePath(h.opts.Home, id)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st
	}
	if err == nil {
		err = json.Unmarshal(data, st)
	}
	if err != nil {
		h.log.Warn("unreadable workflow state; starting from nothing", "file", path, "err", err)
		return &blockState{SessionID: id}
	}
	st.SessionID = id
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

// notePrompt records that the workflow's prompt hook ran for this turn (its prompt_id) and the
// window the session runs in, and ends any run of blocks of the session (a user prompt does
// this). It writes only when that changes something.
func (h *handler) notePrompt() error {
	here := h.here()
	return h.withLock(func() error {
		st := h.loadState()
		if st.Stop == (blockRun{}) && len(st.Subagents) == 0 && st.PromptID == h.ev.PromptID && sameWindow(st.Window, here) {
			return nil
		}
		st.Stop, st.Subagents, st.PromptID = blockRun{}, nil, h.ev.PromptID
		if here != nil {
			st.Window = here
		}
		return h.saveState(st)
	})
}
