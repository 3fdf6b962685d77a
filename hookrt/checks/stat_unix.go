//go:build linux || darwin

package checks

import (
	"io/fs"
	"syscall"
)

// fileStat is what the fingerprint takes of an entry beyond fs.FileInfo.
type fileStat struct {
	ctime int64
	ino   uint64
	uid   int
}

func statOf(fi fs.FileInfo) fileStat {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileStat{uid: -1}
	}
	return fileStat{ctime: ctimeOf(st), ino: st.Ino, uid: int(st.Uid)}
}
