// Package workflow enforces a task lifecycle: /mc opens a task, Stop is blocked until the user
// confirms the fix, repeated failures demand an expert review scored at least 8/10.
package workflow

import (
	"context"
	"io"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// Options carries what the workflow needs from outside.
type Options struct {
	Getenv func(string) string
	Now    func() time.Time
	// Home is the ccc-hooks home (locks).
	Home string
	// ConfigDir is the Claude config dir (ccc.json lives there).
	ConfigDir string
	// MaxBlocks caps the number of blocks in a row (the supervisor's max_iterations).
	MaxBlocks int
	// Stderr receives diagnostics; never stdout.
	Stderr io.Writer
}

// Handle reacts to UserPromptSubmit, Stop and SubagentStop. A nil output means the workflow
// has nothing to say (no task, or the event is allowed).
func Handle(ctx context.Context, ev *event.Event, opts Options) (*event.Output, error) {
	return nil, nil // TEMPORARY until the workflow lands
}
