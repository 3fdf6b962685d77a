package safefile

import (
	"errors"
	"fmt"
	"os"
)

// ErrNotOwned is a tree RemoveTree leaves alone because the running user does not own it.
var ErrNotOwned = errors.New("not owned by the user running this")

// RemoveTree removes the directory dir and everything in it, when dir is a directory itself (not
// a link to one) that the running user owns (on Unix): a tree of another user's is refused with
// ErrNotOwned, so that root working with another user's HOME removes nothing on its strength.
// Links inside are removed, never followed. A dir that does not exist is no error.
func RemoveTree(dir string) error {
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link: the folder it leads to is left as it is", dir)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	if uid, _, ok := ownerOf(fi); ok && uid != os.Geteuid() {
		return fmt.Errorf("%s: %w (owner uid %d)", dir, ErrNotOwned, uid)
	}
	return os.RemoveAll(dir)
}
