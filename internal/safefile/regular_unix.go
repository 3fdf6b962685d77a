//go:build unix

package safefile

import "syscall"

// openNoBlockFlags make opening a FIFO return at once instead of waiting for a writer, and keep
// a terminal from becoming the controlling one; neither changes how a regular file is read.
const openNoBlockFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY

// openNoFollowFlag makes opening a symbolic link fail instead of following it.
const openNoFollowFlag = syscall.O_NOFOLLOW
