// Package hookenv holds what one run of the hook takes from the world outside it: the
// environment, the clock, where warnings go, and what the programs it starts are given. The
// router (package hookrt) hands the one Env it was given to each profile, so that a value a test
// sets reaches every part of the run, and one left out means the same everywhere: the process's
// own.
package hookenv

import (
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// Env is the outside world of one hook run, passed as values so that tests replace them. Each
// field left nil is the process's own (WithDefaults).
type Env struct {
	// Getenv reads the environment (os.Getenv).
	Getenv func(string) string
	// Environ returns the environment handed to the reviewer (os.Environ).
	Environ func() []string
	// Now is the clock (time.Now).
	Now func() time.Time
	// Stderr receives warnings as log/slog text records (none when nil); never stdout, which is
	// the hook protocol.
	Stderr io.Writer
	// Executable returns the path of this binary, which the reviewer's read-only hook runs
	// (os.Executable).
	Executable func() (string, error)
	// Window finds the Claude Code window $CLAUDE_PID names (window.Of).
	Window window.Locate
}

// WithDefaults returns e with each field left nil set to the process's own (Stderr to
// io.Discard).
func (e Env) WithDefaults() Env {
	if e.Getenv == nil {
		e.Getenv = os.Getenv
	}
	if e.Environ == nil {
		e.Environ = os.Environ
	}
	if e.Now == nil {
		e.Now = time.Now
	}
	if e.Stderr == nil {
		e.Stderr = io.Discard
	}
	if e.Executable == nil {
		e.Executable = os.Executable
	}
	if e.Window == nil {
		e.Window = window.Of
	}
	return e
}

// Log returns the logger of warnings on e.Stderr. It is made when asked for: a hook run that
// warns of nothing makes none.
func (e Env) Log() *slog.Logger {
	return slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
