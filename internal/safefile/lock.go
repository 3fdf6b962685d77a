package safefile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/gofrs/flock"
)

// DefaultLockTimeout is how long Lock waits for another ccc-hooks process when no timeout is given.
const DefaultLockTimeout = 30 * time.Second

// lockPollInterval is how often a held lock is tried again.
const lockPollInterval = 5 * time.Millisecond

// Lock takes an exclusive lock on the sidecar file path (created, with its directory, when
// missing, given to the directory's owner when running as root), polling until ctx is done or
// timeout (DefaultLockTimeout when 0) has passed. The file locked is never a file that is
// renamed over. The returned function releases the lock.
//
// A lock file may be removed by the one who holds it (RemoveHeldLock, as ccc home's pruning
// does): the lock is then taken again on the file now at path, so that everyone who holds the
// lock holds it on the same file.
func Lock(ctx context.Context, path string, timeout time.Duration) (unlock func(), err error) {
	if err := lockDir(path); err != nil {
		return nil, err
	}
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for {
		fl := newFlock(path)
		ok, err := fl.TryLockContext(ctx, lockPollInterval)
		if err != nil || !ok {
			_ = fl.Close()
			if err == nil || errors.Is(err, context.DeadlineExceeded) {
				return nil, fmt.Errorf("another ccc-hooks is running: could not lock %s within %s", path, timeout)
			}
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if unlock, ok := held(fl, path); ok {
			return unlock, nil
		}
	}
}

// TryLock takes the lock of Lock without waiting: ok is false when another process holds it.
func TryLock(path string) (unlock func(), ok bool, err error) {
	if err := lockDir(path); err != nil {
		return nil, false, err
	}
	for range 3 { // a file removed under it each time is as good as held by another
		fl := newFlock(path)
		locked, err := fl.TryLock()
		if err != nil || !locked {
			_ = fl.Close()
			if err != nil {
				return nil, false, fmt.Errorf("lock %s: %w", path, err)
			}
			return nil, false, nil
		}
		if unlock, ok := held(fl, path); ok {
			return unlock, true, nil
		}
	}
	return nil, false, nil
}

// lockDir makes the directory of the lock file path, and refuses one that is a symbolic link:
// a lock file is created (as root, in a user's home, say) only where its directory is, never
// where a link planted in its place leads.
func lockDir(path string) error {
	dir := filepath.Dir(path)
	if _, err := MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("lock %s: %w", path, err)
	}
	if fi, err := os.Lstat(dir); err != nil {
		return fmt.Errorf("lock %s: %w", path, err)
	} else if fi.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("lock %s: %s is a symbolic link, which ccc-hooks does not follow for its locks", path, dir)
	}
	return nil
}

// newFlock is the lock of the file path, opened (and created) never through a symbolic link in
// its place.
func newFlock(path string) *flock.Flock {
	return flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDONLY|noFollow))
}

// held finishes taking the lock fl on path: ok is false (and fl released) when the file locked
// is no longer the one at path, removed by its last holder while fl waited for it.
func held(fl *flock.Flock, path string) (unlock func(), ok bool) {
	locked, err1 := fl.Stat()
	named, err2 := os.Stat(path)
	if err2 != nil || err1 == nil && !os.SameFile(locked, named) {
		_ = fl.Close()
		return nil, false
	}
	if uid, gid, ok := dirOwner(filepath.Dir(path)); ok {
		// Root locking in a user's ccc-hooks home leaves the lock file the user's.
		_ = os.Lchown(path, uid, gid)
	}
	return func() { _ = fl.Unlock(); _ = fl.Close() }, true
}

// RemoveHeldLock removes the lock file path while its lock is held (unlock releases it), then
// releases it. Windows removes no file that is open, so there it is removed after the release,
// which fails harmlessly while another process has it open (and so cannot be holding a removed
// file); elsewhere a lock file is never removed unheld, since a waiter may hold it by then.
func RemoveHeldLock(path string, unlock func()) {
	err := os.Remove(path)
	unlock()
	if err != nil && runtime.GOOS == "windows" {
		_ = os.Remove(path)
	}
}
