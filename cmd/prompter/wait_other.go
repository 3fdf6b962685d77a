//go:build !unix

package prompter

import (
	"os"
	"time"
)

const escapeWait = 0

// moreWithin cannot look ahead here; survey reads Windows consoles by key events, not bytes.
func moreWithin(*os.File, time.Duration) bool { return false }
