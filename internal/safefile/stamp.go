package safefile

import (
	"io/fs"
	"os"
	"time"
)

// Stamp is what stat tells of a file's last change: a write in place keeps the inode and may
// put back the very same bytes, but it moves these. The change time moves on every truncation
// and every write, also one that sets the modification time back.
type Stamp struct {
	Size    int64
	ModTime time.Time
	Change  time.Time // zero where the system does not report it
}

// StampOf returns the stamp of fi.
func StampOf(fi fs.FileInfo) Stamp {
	return Stamp{Size: fi.Size(), ModTime: fi.ModTime(), Change: changeTime(fi)}
}

// SameStamp reports whether a and b are the same file (inode) with the same stamp: nothing
// truncated or wrote it between the two looks.
func SameStamp(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && StampOf(a).Equal(StampOf(b))
}

// Equal reports whether a and b are the same stamp.
func (a Stamp) Equal(b Stamp) bool {
	return a.Size == b.Size && a.ModTime.Equal(b.ModTime) && a.Change.Equal(b.Change)
}
