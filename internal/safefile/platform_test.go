package safefile

import (
	"io/fs"
	"runtime"
)

// sysPerm is the permission bits a file given perm shows on this system: itself, except on
// Windows, where a file is read-only (0444) or not (0666) and has no other bits.
func sysPerm(perm fs.FileMode) fs.FileMode {
	if runtime.GOOS != "windows" {
		return perm
	}
	if perm&0o200 != 0 {
		return 0o666
	}
	return 0o444
}
