//go:build !linux && !darwin

package safefile

import (
	"errors"
	"os"
)

// errUnsupported says the system cannot do the atomic operation asked for: callers fall back
// to a plain rename.
var errUnsupported = errors.New("not supported here")

func exchange(string, string) error { return errUnsupported }

func createOnly(string, string) error { return errUnsupported }

func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
