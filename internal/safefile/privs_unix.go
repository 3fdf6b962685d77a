//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"slices"
)

// privsKept reports, for a write into the file fi describes by this process, why the write
// would leave the file without its setuid or setgid bit for good: the kernel clears both on a
// write by a process without CAP_FSETID, and only the file's owner (setuid), a member of its
// group (setgid) or root may set them again. "" when nothing would be lost.
func privsKept(fi fs.FileInfo) string {
	m := fi.Mode()
	if m&(fs.ModeSetuid|fs.ModeSetgid) == 0 || os.Geteuid() == 0 {
		return ""
	}
	uid, gid, ok := ownerOf(fi)
	if !ok {
		return ""
	}
	if uid != os.Geteuid() {
		return "a write in place would clear its setuid and setgid bits, which only its owner or root may set again"
	}
	if m&fs.ModeSetgid != 0 && gid != os.Getegid() {
		if groups, err := os.Getgroups(); err != nil || !slices.Contains(groups, gid) {
			return "a write in place would clear its setgid bit, which only a member of its group or root may set again"
		}
	}
	return ""
}
