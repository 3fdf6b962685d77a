//go:build windows

package safefile

import (
	"io/fs"
)

// ownerOf reports no owner: Windows files keep theirs through a rename.
func ownerOf(fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// isRoot is false: ownership is not carried over on Windows.
func isRoot() bool { return false }

// OtherOwner is never true here: files carry no user ID ccc-hooks reads.
func OtherOwner(fs.FileInfo) (uid int, other bool) { return 0, false }
