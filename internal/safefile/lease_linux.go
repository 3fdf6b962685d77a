package safefile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// noWriters asks the kernel whether any program has f open for writing: a read lease is granted
// only on a file nobody has open for writing (fcntl(2), F_SETLEASE), and released at once.
// nil when none has, errWriters when one has, another error when the lease cannot be had here.
func noWriters(f *os.File) error {
	if _, err := unix.FcntlInt(f.Fd(), unix.F_SETLEASE, unix.F_RDLCK); err != nil {
		if errors.Is(err, unix.EAGAIN) {
			return errWriters
		}
		return err
	}
	_, _ = unix.FcntlInt(f.Fd(), unix.F_SETLEASE, unix.F_UNLCK)
	return nil
}

// writeLease takes a write lease on f, which no other open file may share: a program that opens
// the file then waits (at most /proc/sys/fs/lease-break-time) until it is released, and this
// process is sent SIGIO, which a Go program ignores unless it asks for it.
func writeLease(f *os.File) error {
	_, err := unix.FcntlInt(f.Fd(), unix.F_SETLEASE, unix.F_WRLCK)
	return err
}

// unlease releases a lease on f.
func unlease(f *os.File) { _, _ = unix.FcntlInt(f.Fd(), unix.F_SETLEASE, unix.F_UNLCK) }
