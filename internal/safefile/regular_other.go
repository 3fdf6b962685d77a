//go:build !unix && !windows

package safefile

import "os"

// openRead opens path for reading; opening cannot block on a FIFO here, and there is no flag
// that refuses a final symbolic link (callers check what they opened with Stat).
func openRead(path string, _ bool) (*os.File, error) { return os.Open(path) }

// openReadWrite is OpenReadWrite where no flag refuses a final symbolic link.
func openReadWrite(path string, create bool) (*os.File, error) {
	flags := os.O_RDWR
	if create {
		flags |= os.O_CREATE
	}
	return os.OpenFile(path, flags, 0o600)
}

// noBlock is 0: there is no such flag here.
const noBlock = 0

// noFollow is 0: there is no such flag here.
const noFollow = 0
