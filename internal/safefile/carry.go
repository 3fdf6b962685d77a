package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrCannotCarry is matched by a *CannotCarryError.
var ErrCannotCarry = errors.New("a replacement cannot carry what the file has")

// CannotCarryError says why a new file put in place of an existing one could not be what the
// file was, but for its contents: it has other names (hard links) that a replacement would
// leave holding the old contents, or an owner, group, mode bit, extended attribute or ACL the
// replacement could not be given. The caller writes the file in place instead (WriteInPlace),
// or refuses, naming the file and the reason.
type CannotCarryError struct {
	Path   string
	Reason string // "it has 2 names (hard links), which a replacement would split", ...
}

func (e *CannotCarryError) Error() string {
	return fmt.Sprintf("replace %s: %s", e.Path, e.Reason)
}

// Is makes errors.Is(err, ErrCannotCarry) true.
func (e *CannotCarryError) Is(target error) bool { return target == ErrCannotCarry }

// carryMode is the part of a file's mode a replacement keeps: the permission bits and the
// setuid, setgid and sticky bits.
const carryMode = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// carry gives f, the new file that is to replace the file old describes (at target), old's
// owner, group, mode bits and extended attributes (ACLs among them, where the system keeps them
// as such), in an order that keeps each (a change of owner clears setuid and setgid; an ACL sets
// the group bits of the mode), and then checks that f has them all: the kernel drops a setgid
// bit for a group its caller is not in without an error, and a directory's default ACL gives a
// new file an ACL of its own. What cannot be carried is a *CannotCarryError.
func carry(f *os.File, old fs.FileInfo, target string) error {
	cannot := func(format string, args ...any) error {
		return &CannotCarryError{Path: target, Reason: fmt.Sprintf(format, args...)}
	}
	if uid, gid, ok := ownerOf(old); ok {
		if cur, err := f.Stat(); err != nil {
			return err
		} else if cu, cg, _ := ownerOf(cur); cu != uid || cg != gid {
			if err := f.Chown(uid, gid); err != nil {
				return cannot("a replacement cannot be given its owner and group (uid %d, gid %d): %v", uid, gid, unwrap(err))
			}
		}
	}
	// After the owner (a change of owner clears file capabilities), before the mode (an ACL
	// written sets the group bits of the mode; the mode written then sets the ACL's mask, which
	// for the file's own mode is the mask it had).
	if err := copyAttrs(f, target); err != nil {
		return cannot("%v", err)
	}
	if err := f.Chmod(old.Mode() & carryMode); err != nil {
		return cannot("a replacement cannot be given its mode %s: %v", modeText(old.Mode()), unwrap(err))
	}
	if err := sameAttrs(f, target); err != nil {
		return cannot("%v", err)
	}
	cur, err := f.Stat()
	if err != nil {
		return err
	}
	if cur.Mode()&carryMode != old.Mode()&carryMode {
		return cannot("a replacement gets mode %s where the file has %s", modeText(cur.Mode()), modeText(old.Mode()))
	}
	if uid, gid, ok := ownerOf(old); ok {
		if cu, cg, _ := ownerOf(cur); cu != uid || cg != gid {
			return cannot("a replacement gets owner uid %d, gid %d where the file has uid %d, gid %d", cu, cg, uid, gid)
		}
	}
	return nil
}

// modeText writes the mode bits a replacement keeps, as chmod reads them: 4755, 0600.
func modeText(m fs.FileMode) string {
	n := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		n |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		n |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		n |= 0o1000
	}
	return fmt.Sprintf("%04o", n)
}

// unwrap drops the operation and path an *os.PathError or *os.SyscallError adds: the message
// names the file already.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		return se.Err
	}
	return err
}

// Names returns how many names (hard links) the file at path, which fi describes, has: 1 where
// the system does not say, and for no file (nil).
func Names(path string, fi fs.FileInfo) int {
	if fi == nil {
		return 1
	}
	return linkCount(path, fi)
}
