//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// linkCount returns the number of names of the file fi describes.
func linkCount(_ string, fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 0 {
		return int(st.Nlink)
	}
	return 1
}

// Identity returns the device and inode of the file fi describes: what the file is, whatever
// its path.
func Identity(fi fs.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), st.Ino, true //nolint:unconvert // Dev is int32 on some systems
}
