//go:build linux

package safefile

import (
	"os"

	"golang.org/x/sys/unix"
)

// NoWriters reports whether the kernel proves that nothing can still be written into f, a
// regular file: it has no name left (no link a program could open it by) and nobody has it
// open for writing or mapped writable at this instant — Linux grants a read lease only then,
// and it is given straight back. False when that cannot be proved: the file still has a name,
// a writer has it open, it belongs to another user, or the file system has no leases (NFS,
// some overlays).
func NoWriters(f *os.File) bool {
	rc, err := f.SyscallConn() // not f.Fd(), which would make a non-blocking file blocking
	if err != nil {
		return false
	}
	ok := false
	_ = rc.Control(func(fd uintptr) {
		var st unix.Stat_t
		if unix.Fstat(int(fd), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Nlink != 0 {
			return
		}
		if _, err := unix.FcntlInt(fd, unix.F_SETLEASE, unix.F_RDLCK); err != nil {
			return
		}
		_, _ = unix.FcntlInt(fd, unix.F_SETLEASE, unix.F_UNLCK)
		ok = true
	})
	return ok
}
