package safefile

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
)

// WriteInPlace writes data into the file at target itself, as vim's backupcopy=yes does: the
// inode stays, and with it everything the file is — its other names (hard links), owner, group,
// mode, extended attributes and ACLs. The file is opened for writing, never through a final
// symbolic link, and must still be the file was describes (else ErrTargetChanged, nothing
// written); data is written from its start, the file cut to len(data) and synced.
//
// A file with a setuid or setgid bit that the write would clear for good (see privsKept) is not
// written: the error is a *CannotCarryError. A bit the kernel clears and this process may set
// again is set again before the file is synced.
//
// Unlike a replacement it is not atomic: a run killed while it writes leaves the file part new
// and part old (see Torn), so the caller keeps the old bytes (a backup) and the new ones (a
// journal) until it returns. When a write fails, the error says how far it got: Written is false
// when not a byte of the file changed.
func WriteInPlace(target string, data []byte, was fs.FileInfo) error {
	if why := privsKept(was); why != "" {
		return &CannotCarryError{Path: target, Reason: why}
	}
	f, err := openReadWrite(target, false)
	if err != nil {
		return &InPlaceError{Path: target, Err: unwrap(busy(err))}
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
		_ = f.Close()
		return &InPlaceError{Path: target, Err: unwrap(err)}
	case !fi.Mode().IsRegular() || !os.SameFile(fi, was):
		_ = f.Close()
		return ErrTargetChanged
	}
	if n, err := f.WriteAt(data, 0); err != nil {
		_ = f.Close()
		return &InPlaceError{Path: target, Err: unwrap(err), Written: n > 0}
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		_ = f.Close()
		return &InPlaceError{Path: target, Err: unwrap(err), Written: true}
	}
	if now, err := f.Stat(); err == nil && now.Mode()&carryMode != fi.Mode()&carryMode {
		if err := f.Chmod(fi.Mode() & carryMode); err != nil {
			_ = f.Close()
			return &InPlaceError{Path: target, Err: unwrap(err), Written: true}
		}
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return &InPlaceError{Path: target, Err: unwrap(err), Written: true}
	}
	if err := f.Close(); err != nil {
		return &InPlaceError{Path: target, Err: unwrap(err), Written: true}
	}
	return nil
}

// InPlaceError is a WriteInPlace that failed.
type InPlaceError struct {
	Path string
	Err  error
	// Written is set when some of the new bytes may have reached the file.
	Written bool
}

func (e *InPlaceError) Error() string { return fmt.Sprintf("write %s in place: %v", e.Path, e.Err) }

func (e *InPlaceError) Unwrap() error { return e.Err }

// Torn reports whether cur is what a WriteInPlace of updated over old leaves when it stops part
// way: updated's first bytes over old's (updated[:k] followed by old[k:]), or all of updated
// before the file was cut to its length. The file as it was (old) or as it was to be (updated)
// is not torn, nor is anything another program wrote.
func Torn(cur, old, updated []byte) bool {
	switch {
	case bytes.Equal(cur, old) || bytes.Equal(cur, updated):
		return false
	case len(cur) == len(old):
		// Every byte that differs from old lies within the prefix cur shares with updated.
		k := 0
		for k < len(cur) && k < len(updated) && cur[k] == updated[k] {
			k++
		}
		for i := len(cur) - 1; i >= 0; i-- {
			if cur[i] != old[i] {
				return i < k
			}
		}
		return false
	case len(cur) > len(old):
		return len(cur) <= len(updated) && bytes.Equal(updated[:len(cur)], cur)
	}
	return false
}
