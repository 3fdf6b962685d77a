//go:build !unix

package safefile

import "io/fs"

// linkCount is 1 where os.Stat does not tell the number of names (Windows).
func linkCount(fs.FileInfo) int { return 1 }

// Identity reports no identity where os.Stat does not give one (Windows): records are found by
// their path there.
func Identity(fs.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }
