//go:build windows

package safefile

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// exchange is not supported: Windows has no call that swaps two names in one step (ReplaceFile
// takes several, and the target's name is missing in between).
func exchange(string, string) error { return errUnsupported }

// createOnly renames from as to, unless a file named to exists: MoveFileEx without
// MOVEFILE_REPLACE_EXISTING refuses an existing target in the same step as the rename.
func createOnly(from, to string) error {
	err := moveFile(from, to, windows.MOVEFILE_WRITE_THROUGH)
	if errors.Is(err, windows.ERROR_ALREADY_EXISTS) || errors.Is(err, windows.ERROR_FILE_EXISTS) {
		return os.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}
