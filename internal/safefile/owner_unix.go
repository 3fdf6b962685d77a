//go:build !windows

package safefile

import (
	"io/fs"
	"os"
	"syscall"
)

// ownerOf returns the owner and group of fi.
func ownerOf(fi fs.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// isRoot reports whether this process may give files away to other users.
func isRoot() bool { return os.Geteuid() == 0 }

// OtherOwner reports, for a process that is not root, the user that owns fi when that is not the
// running user: root may edit any file and keep its owner, another user may not (a replacement
// would be theirs, and a write in place leaves the file its owner's to run).
func OtherOwner(fi fs.FileInfo) (uid int, other bool) {
	if isRoot() {
		return 0, false
	}
	uid, _, ok := ownerOf(fi)
	return uid, ok && uid != os.Geteuid()
}
