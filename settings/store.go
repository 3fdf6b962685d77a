package settings

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// FileStore writes settings files on disk safely (lock, backup, atomic replace); Home is the
// ccc-hooks home (see paths.Home).
type FileStore struct {
	Home        string
	Now         func() time.Time // nil means time.Now
	LockTimeout time.Duration    // 0 means 30s
}

// Change is what Update did.
type Change struct {
	Path    string // the path asked for
	Target  string // the final file written (symlinks resolved)
	Old     []byte // bytes before (nil when the file did not exist)
	New     []byte // bytes after (nil when removed)
	Existed bool
	Removed bool
	Changed bool // false when New == Old (nothing written)
}

// ChangeFunc computes the new bytes from the current ones; remove=true deletes the file.
type ChangeFunc func(old []byte, exists bool) (updated []byte, remove bool, err error)

const (
	maxAttempts = 5
	newFileMode = 0o644
)

// LockFile returns the path of the lock that serialises writers: <Home>/locks/settings.lock.
func (s *FileStore) LockFile() string { return filepath.Join(s.Home, "locks", "settings.lock") }

// Update applies change to the file at path safely.
//
// It holds the lock of LockFile, resolves the symlink chain of path, and calls change with the
// current bytes of the final target. When the result differs, the old bytes are backed up
// under <Home>/backups and the target is replaced atomically (temporary file, sync, rename),
// keeping its permission bits. If the target changed after change saw it, change is called
// again on the new bytes (up to 5 attempts) so the other program's edit is kept. On error the
// file is left as it was.
func (s *FileStore) Update(path string, change ChangeFunc) (Change, error) {
	unlock, err := s.lock()
	if err != nil {
		return Change{Path: path}, err
	}
	defer unlock()
	target, err := resolveTarget(path)
	if err != nil {
		return Change{Path: path}, err
	}
	for range maxAttempts {
		c, err := compute(path, target, change)
		if err != nil || !c.Changed {
			return c, err
		}
		cur, exists, err := readFile(target)
		if err != nil {
			return c, err
		}
		if exists != c.Existed || !bytes.Equal(cur, c.Old) {
			continue // another program wrote the file; apply the change to its version
		}
		return c, s.commit(c)
	}
	return Change{Path: path, Target: target},
		fmt.Errorf("update %s: the file kept changing during %d attempts", target, maxAttempts)
}

// Preview computes the change without writing or locking anything (for --dry-run and
// confirmation diffs).
func (s *FileStore) Preview(path string, change ChangeFunc) (Change, error) {
	target, err := resolveTarget(path)
	if err != nil {
		return Change{Path: path}, err
	}
	return compute(path, target, change)
}

// compute reads target and runs change once.
func compute(path, target string, change ChangeFunc) (Change, error) {
	c := Change{Path: path, Target: target}
	old, exists, err := readFile(target)
	if err != nil {
		return c, err
	}
	c.Old, c.Existed = old, exists
	updated, remove, err := change(old, exists)
	if err != nil {
		return c, err
	}
	switch {
	case remove:
		c.Removed, c.Changed = exists, exists
		if !exists {
			c.New = nil
		}
	case bytes.Equal(updated, old):
		c.New = old
	default:
		c.New, c.Changed = updated, true
	}
	return c, nil
}

// commit backs up and writes (or removes) c.Target, keeping its origin record (see Origin).
func (s *FileStore) commit(c Change) error {
	if c.Existed {
		if err := s.backup(c.Target, c.Old); err != nil {
			return err
		}
	}
	if c.Removed {
		if err := os.Remove(c.Target); err != nil {
			return fmt.Errorf("remove %s: %w", c.Target, err)
		}
		return s.forgetOrigin(c.Target)
	}
	if err := os.MkdirAll(filepath.Dir(c.Target), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", c.Target, err)
	}
	rec, hadRec := s.readOrigin(c.Target)
	fresh := !c.Existed || !hadRec && isBlank(c.Old)
	if fresh {
		// Recorded first, so a file written from nothing is never left unrecorded.
		o := origin{Path: c.Target, Existed: c.Existed, Original: string(c.Old)}
		if err := s.recordOrigin(o); err != nil {
			return err
		}
	}
	if err := safefile.WriteFileAtomic(c.Target, c.New, newFileMode); err != nil {
		if fresh {
			_ = s.forgetOrigin(c.Target)
		}
		return fmt.Errorf("write %s: %w", c.Target, err)
	}
	if !fresh && hadRec && rec.Existed && string(c.New) == rec.Original {
		// Back as it was. Should forgetting fail, the record still tells the truth.
		_ = s.forgetOrigin(c.Target)
	}
	return nil
}

// lock takes the exclusive writer lock of the store.
func (s *FileStore) lock() (unlock func(), err error) {
	if s.Home == "" {
		return nil, errors.New("lock: no ccc-hooks home directory")
	}
	return safefile.Lock(context.Background(), s.LockFile(), s.LockTimeout)
}

func (s *FileStore) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
