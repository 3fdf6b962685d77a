//go:build windows

package safefile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// removeIn removes name inside w. os.Root removes a file with
// NtSetInformationFile(FileDispositionInformationEx), which Wine 8 lacks ("Invalid function"),
// where the tests of the Windows build run; there name is removed by its path instead, once
// Lstat inside w shows it is no link (a link is removed itself either way).
func removeIn(w *Within, name string) error {
	err := w.root.Remove(name)
	if !errors.Is(err, windows.ERROR_INVALID_FUNCTION) {
		return err
	}
	if _, lerr := w.root.Lstat(name); lerr != nil {
		if errors.Is(lerr, fs.ErrNotExist) {
			return lerr
		}
		return err
	}
	return os.Remove(w.Path(name))
}
