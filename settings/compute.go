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
