// Package outside holds what one run of ccc-hooks takes from the world outside it: the
// environment, the clock, the working directory, this binary's path, PATH lookups, the Claude
// Code window, and where warnings go. System builds it, once, in the command that runs; for a
// hook, the router (package hookrt) hands that Env whole to each profile, and every part of the
// run reads the outside through it: no package of hookrt calls os.Getenv, os.Environ, os.Getwd,
// os.Executable, exec.LookPath or time.Now for these (internal/layers keeps it so), so a value a
// test sets reaches every part of the run.
package outside

import (
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// Env is the outside world of one run, passed as values so that tests replace them. System
// sets every field; a test sets what it needs, and each entry of hookrt takes the rest from the
// system (OrSystem), so that an Env left empty is never a panic nor a bound left out.
type Env struct {
	// Getenv reads the environment.
	Getenv func(string) string
	// Environ returns the whole environment, which the reviewer is handed.
	Environ func() []string
	// Now is the clock.
	Now func() time.Time
	// Getwd returns the working directory: where the reviewer runs when the event names no
	// directory that is one.
	Getwd func() (string, error)
	// Executable returns the path of this binary, which the reviewer's read-only hook runs.
	Executable func() (string, error)
	// LookPathIn finds the program name in the absolute directories of pathList, a PATH value:
	// the hook's own or the reviewer's, whichever will run the program.
	LookPathIn func(name, pathList string) (string, error)
	// Window finds the Claude Code window $CLAUDE_PID names.
	Window window.Locate
	// Stderr receives warnings as log/slog text records; never stdout, which is the hook
	// protocol.
	Stderr io.Writer
}

// System returns the outside world of this process, its warnings going to stderr.
func System(stderr io.Writer) Env {
	return Env{
		Getenv:     os.Getenv,
		Environ:    os.Environ,
		Now:        time.Now,
		Getwd:      os.Getwd,
		Executable: os.Executable,
		LookPathIn: lookpath.Absolute,
		Window:     window.Of,
		Stderr:     stderr,
	}
}

// OrSystem returns e with each field left nil the system's (System), its warnings going nowhere
// when Stderr is nil: an Env left empty, whole or in part, is this process's outside world.
func (e Env) OrSystem() Env {
	sys := System(io.Discard)
	if e.Getenv == nil {
		e.Getenv = sys.Getenv
	}
	if e.Environ == nil {
		e.Environ = sys.Environ
	}
	if e.Now == nil {
		e.Now = sys.Now
	}
	if e.Getwd == nil {
		e.Getwd = sys.Getwd
	}
	if e.Executable == nil {
		e.Executable = sys.Executable
	}
	if e.LookPathIn == nil {
		e.LookPathIn = sys.LookPathIn
	}
	if e.Window == nil {
		e.Window = sys.Window
	}
	if e.Stderr == nil {
		e.Stderr = sys.Stderr
	}
	return e
}

// Log returns the logger of warnings on e.Stderr. It is made when asked for: a hook run that
// warns of nothing makes none.
func (e Env) Log() *slog.Logger {
	return slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
