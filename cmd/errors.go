package cmd

import (
	"errors"
	"fmt"
)

// ExitError ends a command with a specific exit code.
type ExitError struct {
	Code int
	Err  error
	// Bare prints Err without the "ccc-hooks: " prefix (the hook protocol's own messages).
	Bare bool
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// UsageError is a mistake in the command line; it exits with status 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usageErrorf(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// errSilent ends a command with status 1 after it has already said why.
var errSilent = errors.New("silent failure")

// exitCode maps an error returned by a command to the process exit status and the message to print.
func exitCode(err error) (code int, msg string) {
	if err == nil {
		return 0, ""
	}
	var exitErr *ExitError
	if errors.As(err, &exitErr) {
		if exitErr.Err == nil || errors.Is(exitErr.Err, errSilent) {
			return exitErr.Code, ""
		}
		if exitErr.Bare {
			return exitErr.Code, exitErr.Err.Error()
		}
		return exitErr.Code, "ccc-hooks: " + exitErr.Err.Error()
	}
	if errors.Is(err, errSilent) {
		return 1, ""
	}
	var usage *UsageError
	if errors.As(err, &usage) {
		return 2, "ccc-hooks: " + usage.Error()
	}
	return 1, "ccc-hooks: " + err.Error()
}

// warnf prints "ccc-hooks: warning: <message>" on stderr. A warning that cannot be written
// changes nothing about the command's result, so that write's error is dropped here, once.
func warnf(env *Env, format string, args ...any) {
	_, _ = fmt.Fprintln(env.IO.ErrOut, wrap(fmt.Sprintf("ccc-hooks: warning: "+format, args...), env.IO.ErrWidth))
}
