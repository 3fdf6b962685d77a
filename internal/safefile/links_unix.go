//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// linkCount returns the number of names of the file fi describes.
func linkCount(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 0 {
		return int(st.Nlink)
	}
	return 1
}
