package settings

import (
	"bytes"

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
		c.Removed, c.Changed = exists, exists
	case bytes.Equal(updated, old):
		c.New = old
	default:
		c.New, c.Changed = updated, true
	}
	return c, nil
}
