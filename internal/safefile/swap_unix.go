//go:build linux || darwin

package safefile

import (
	"errors"
	"os"
)

// exchange swaps the names a and b atomically.
func exchange(a, b string) error {
	err := renameWith(a, b, swapFlag)
	if unsupported(err) {
		return errUnsupported
	}
	if err != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
	}
	return nil
}

// createOnly renames from as to, unless a file named to exists.
func createOnly(from, to string) error {
	err := renameWith(from, to, exclFlag)
	if unsupported(err) {
		return errUnsupported
	}
	if errors.Is(err, os.ErrExist) {
		return os.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}
