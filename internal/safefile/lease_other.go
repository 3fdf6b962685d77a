//go:build !linux

package safefile

import (
	"errors"
	"os"
)

// noWriters cannot tell here whether a program has f open for writing.
func noWriters(*os.File) error { return errors.ErrUnsupported }

// writeLease cannot guard a file here.
func writeLease(*os.File) error { return errors.ErrUnsupported }

// unlease has nothing to release here.
func unlease(*os.File) {}
