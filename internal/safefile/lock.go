package safefile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// DefaultLockTimeout is how long Lock waits for another ccc-hooks process when no timeout is given.
const DefaultLockTimeout = 30 * time.Second

// lockPollInterval is how often a held lock is tried again.
const lockPollInterval = 5 * time.Millisecond

// Lock takes an exclusive lock on the sidecar file path (created, with its directory, when
// missing, given to the directory's owner when running as root), polling until ctx is done or timeout (DefaultLockTimeout when 0) has passed. The file
// locked is never a file that is renamed over. The returned function releases the lock.
func Lock(ctx context.Context, path string, timeout time.Duration) (unlock func(), err error) {
	if _, err := MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	fl := flock.New(path)
	ok, err := fl.TryLockContext(ctx, lockPollInterval)
	if err != nil || !ok {
		_ = fl.Close()
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("another ccc-hooks is running: could not lock %s within %s", path, timeout)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if uid, gid, ok := dirOwner(filepath.Dir(path)); ok {
		// Root locking in a user's ccc-hooks home leaves the lock file the user's.
		_ = os.Lchown(path, uid, gid)
	}
	return func() { _ = fl.Unlock(); _ = fl.Close() }, nil
}
