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
