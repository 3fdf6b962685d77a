//go:build unix

package prompter

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// escapeWait is how long an Esc may wait for the rest of an escape sequence: a terminal writes
// a sequence at once, a person pressing Esc sends it alone.
const escapeWait = 50 * time.Millisecond

// moreWithin reports whether f has input to read within d.
func moreWithin(f *os.File, d time.Duration) bool {
	fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(d/time.Millisecond))
		if err == unix.EINTR {
			continue
		}
		return err == nil && n > 0
	}
}
