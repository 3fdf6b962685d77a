package settings

import (
	"bytes"
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Preview computes the change without writing or locking anything (for --dry-run and
// confirmation diffs). It refuses what Update refuses to read.
func (s *FileStore) Preview(path string, change ChangeFunc) (Change, error) {
	target, err := safefile.Resolve(path)
	if err != nil {
		return Change{Path: path}, err
	}
	snap, err := readSnapshot(target)
	if err != nil {
		return Change{Path: path, Target: target}, viaLink(err, path, target)
	}
	snap.close()
	return computeFrom(path, target, snap.data, snap.exists, change)
}

// Recompute runs change on the bytes read in cur (a Change from Preview), as Preview does:
// for a command that read a file once, asked questions, and now plans its change.
func Recompute(cur Change, change ChangeFunc) (Change, error) {
	return computeFrom(cur.Path, cur.Target, cur.Old, cur.Existed, change)
}

// computeFrom runs change once on old.
func computeFrom(path, target string, old []byte, exists bool, change ChangeFunc) (Change, error) {
	c := Change{Path: path, Target: target, Old: old, Existed: exists}
	updated, remove, err := change(old, exists)
	if err != nil {
		return c, err
	}
	switch {
	case remove:
		c.Removed, c.Changed, c.emptied = exists, exists, updated
	case bytes.Equal(updated, old):
		c.New = old
	case len(updated) > MaxFileSize:
		return c, &TooLargeError{Path: target, Size: len(updated)}
	default:
		c.New, c.Changed = updated, true
	}
	return c, nil
}

// TooLargeError refuses a change that would leave a settings file larger than MaxFileSize, the
// most ccc-hooks reads of one: every later install, uninstall, status and doctor would refuse
// the file ccc-hooks wrote.
type TooLargeError struct {
	Path string
	Size int // the bytes the change would write
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the change would make the file %d bytes, more than the %d MiB ccc-hooks reads of a settings file, "+
		"so ccc-hooks could not read it back (nor uninstall)", e.Size, MaxFileSize>>20)
}
