//go:build !windows

package safefile

import "os"

// rename replaces to with from.
func rename(from, to string) error { return os.Rename(from, to) }

// inUse is false: only Windows refuses to replace a file that is open.
func inUse(error) bool { return false }
