//go:build darwin

package safefile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errUnsupported says the file system cannot do the atomic operation asked for.
var errUnsupported = errors.New("not supported here")

// exchange swaps the names a and b atomically (renamex_np RENAME_SWAP).
func exchange(a, b string) error {
	err := unix.RenamexNp(a, b, unix.RENAME_SWAP)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return errUnsupported
	}
	if err != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
	}
	return nil
}

// createOnly renames from to to unless to exists (renamex_np RENAME_EXCL).
func createOnly(from, to string) error {
	err := unix.RenamexNp(from, to, unix.RENAME_EXCL)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return errUnsupported
	}
	if errors.Is(err, unix.EEXIST) {
		return os.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}

// openNoBlock opens path for reading without blocking on a FIFO.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK|unix.O_NOFOLLOW, 0)
}
