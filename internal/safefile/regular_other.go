//go:build !unix

package safefile

// openNoBlockFlags is empty where opening a file cannot block on a FIFO.
const openNoBlockFlags = 0

// openNoFollowFlag is empty where open has no such flag.
const openNoFollowFlag = 0
