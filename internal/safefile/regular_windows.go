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
	attrs := uint32(windows.FILE_ATTRIBUTE_NORMAL)
	if !follow {
		attrs |= windows.FILE_FLAG_OPEN_REPARSE_POINT
	}
	return createFile(path, windows.GENERIC_READ, windows.OPEN_EXISTING, attrs)
}

// openReadWrite is OpenReadWrite on Windows: a symbolic link in the file's place is opened
// itself (callers refuse it by its Stat), and, as every file here, it is opened sharing read,
// write and delete access (see openRead).
func openReadWrite(path string, create bool) (*os.File, error) {
	disposition := uint32(windows.OPEN_EXISTING)
	if create {
		disposition = windows.OPEN_ALWAYS
	}
	return createFile(path, windows.GENERIC_READ|windows.GENERIC_WRITE, disposition,
		windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_OPEN_REPARSE_POINT)
}

// createFile opens path with CreateFile, sharing read, write and delete access.
func createFile(path string, access, disposition, attrs uint32) (*os.File, error) {
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(name, access,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, disposition, attrs, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// noBlock is 0: opening a file does not wait on Windows.
const noBlock = 0

// noFollow is 0: os.OpenFile has no such flag on Windows.
const noFollow = 0
