//go:build windows

package safefile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openRead opens path for reading, following a final symbolic link only when follow is set (else
// the link itself is opened, and callers refuse it by its Stat).
//
// It shares read, write and delete access: while ccc-hooks reads a file, another program may
// still write it, delete it or rename over it where Windows allows that (os.Open does not share
// delete access, so a program renaming over a file Go holds open is refused). See
// docs/settings.md, "Windows".
func openRead(path string, follow bool) (*os.File, error) {
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	attrs := uint32(windows.FILE_ATTRIBUTE_NORMAL)
	if !follow {
		attrs |= windows.FILE_FLAG_OPEN_REPARSE_POINT
	}
	h, err := windows.CreateFile(name, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, attrs, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}
