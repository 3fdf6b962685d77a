//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openRead opens path for reading, following a final symbolic link only when follow is set (else
// a link there is an error). O_NONBLOCK makes opening a FIFO return at once instead of waiting
// for a writer, and O_NOCTTY keeps a terminal from becoming the controlling one; neither changes
// how a regular file is read.
func openRead(path string, follow bool) (*os.File, error) {
	flags := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY
	if !follow {
		flags |= syscall.O_NOFOLLOW
	}
	return os.OpenFile(path, flags, 0)
}

// openReadWrite is OpenReadWrite on Unix: O_NOFOLLOW refuses a final symbolic link.
func openReadWrite(path string, create bool) (*os.File, error) {
	flags := os.O_RDWR | syscall.O_NOFOLLOW
	if create {
		flags |= os.O_CREATE
	}
	return os.OpenFile(path, flags, 0o600)
}

// noBlock keeps an open of a FIFO from waiting for a writer.
const noBlock = syscall.O_NONBLOCK

// noFollow refuses a final symbolic link when a file is opened.
const noFollow = syscall.O_NOFOLLOW
