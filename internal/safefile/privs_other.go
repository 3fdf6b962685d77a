//go:build !unix

package safefile

import "io/fs"

// privsKept is "": there are no setuid and setgid bits to lose.
func privsKept(fs.FileInfo) string { return "" }
