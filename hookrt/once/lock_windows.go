//go:build windows

package once

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openRecord opens the record file at path for reading and writing, creating it when create is
// set, and refuses a symbolic link in its place (the link itself is opened; openLocked refuses
// what is not a regular file). It shares delete access, so that the pruner can remove a record
// while it holds it locked, as on Unix: a claimant that has it open then finds it unlinked and
// starts over, and one that opens it while Windows is still deleting it gets an error, and
// answers without the check (when in doubt, answer).
func openRecord(path string, create bool) (*os.File, error) {
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	disposition := uint32(windows.OPEN_EXISTING)
	if create {
		disposition = windows.OPEN_ALWAYS
	}
	h, err := windows.CreateFile(name, windows.GENERIC_READ|windows.GENERIC_WRITE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, disposition,
		windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// tryLock takes an exclusive lock on f without waiting (LockFileEx on its first byte, as gofrs/flock
// locks on Windows); false means another handle holds it. The lock belongs to this handle: another
// claim in the same process waits for it like one in another process, and closing the handle, or
// the process dying, releases it.
func tryLock(f *os.File) (bool, error) {
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY,
		0, 1, 0, new(windows.Overlapped))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION), errors.Is(err, windows.ERROR_IO_PENDING):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) {
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}
