package safefile

import (
	"io/fs"
	"syscall"
	"time"
)

// changeTime is the inode's change time (ctime).
func changeTime(fi fs.FileInfo) time.Time {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}
	}
	return time.Unix(st.Ctim.Sec, st.Ctim.Nsec)
}
