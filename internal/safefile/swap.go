package safefile

import (
	"errors"
	"fmt"
	"runtime"
)

// errUnsupported says the system or file system cannot do the atomic operation asked for:
// callers fall back to a plain rename.
var errUnsupported = errors.New("not supported here")

// ErrInUse is matched by the error of a replace or removal that Windows refused because a program
// has the file open (Windows does not rename over, or away, a file that is open without shared
// delete access, and does not replace one that is open at all). Nothing was changed; the same
// write may succeed once the program closes the file.
var ErrInUse = errors.New("another program has the file open")

// CanReplaceOpen reports whether a file can be replaced while it is open, as on Linux and macOS:
// a reader then keeps the file it opened. Windows refuses to replace a file that any program,
// this one included, holds open; callers close what they read before they replace it.
const CanReplaceOpen = runtime.GOOS != "windows"

// busy marks err as ErrInUse when it is one.
func busy(err error) error {
	if inUse(err) {
		return fmt.Errorf("%w (%w)", ErrInUse, err)
	}
	return err
}
