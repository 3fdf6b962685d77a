//go:build unix

package paths

import (
	"io/fs"
	"syscall"
)

// ownedBy reports whether fi belongs to the user uid.
func ownedBy(fi fs.FileInfo, uid int) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == uid
}
