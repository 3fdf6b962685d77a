//go:build unix

package safefile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// TestLockExcludesAndReleases: a second Lock on the same sidecar waits, fails after its timeout
// with an error naming the file and the wait, and succeeds once the first holder releases.
// The sidecar's missing directory is created.
func TestLockExcludesAndReleases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "settings.lock")
	unlock, err := Lock(context.Background(), path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("lock file: %v, %v", fi, err)
	}
	start := time.Now()
	_, err = Lock(context.Background(), path, 150*time.Millisecond)
	waited := time.Since(start)
	want := "another ccc-hooks is running: could not lock " + path + " within 150ms"
	if err == nil || err.Error() != want {
		t.Fatalf("second Lock while held: %v; want %q", err, want)
	}
	if waited < 150*time.Millisecond {
		t.Errorf("second Lock gave up after %v, before its timeout", waited)
	}
	unlock()
	unlock2, err := Lock(context.Background(), path, time.Second)
	if err != nil {
		t.Fatalf("Lock after release: %v", err)
	}
	unlock2()
}

// TestLockZeroTimeoutWaits: a timeout of 0 means DefaultLockTimeout, not "give up at once": a
// holder that releases soon is waited for.
func TestLockZeroTimeoutWaits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.lock")
	unlock, err := Lock(context.Background(), path, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		unlock2, err := Lock(context.Background(), path, 0)
		if err == nil {
			unlock2()
		}
		got <- err
	}()
	testproc.WaitBlocked(t, lockWait, 1) // it gave up at once, or it waits
	unlock()
	if err := <-got; err != nil {
		t.Fatalf("Lock with timeout 0 did not wait for the holder: %v", err)
	}
}

// lockWait is where Lock waits for a lock another holds, between tries.
const lockWait = "github.com/gofrs/flock.tryCtx"

// TestLockCancelled: a cancelled context ends the wait with an error naming the lock file and
// the cancellation.
func TestLockCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.lock")
	unlock, err := Lock(context.Background(), path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Not "another ccc-hooks is running": the wait was cut short, not timed out.
	want := "lock " + path + ": context canceled"
	if _, err := Lock(ctx, path, time.Second); err == nil || err.Error() != want {
		t.Fatalf("Lock with a cancelled context: %v; want %q", err, want)
	}
}

// TestLockUnderAFile: a sidecar whose directory is a regular file is an error naming the lock.
func TestLockUnderAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(file, "settings.lock")
	if _, err := Lock(context.Background(), path, time.Second); err == nil || !strings.HasPrefix(err.Error(), "lock "+path+": ") {
		t.Fatalf("Lock under a file: %v", err)
	}
}

// TestLockFileGoesToDirOwner: run as root in a user's directory, the lock file (and the
// directory Lock creates) belong to that user, so the user's own later runs can lock it.
func TestLockFileGoesToDirOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving files away needs root")
	}
	home := t.TempDir()
	if err := os.Chown(home, 4242, 4343); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, "ccc-hooks", "settings.lock")
	unlock, err := Lock(context.Background(), path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	for _, p := range []string{filepath.Dir(path), path} {
		st := statT(t, p)
		if st.Uid != 4242 || st.Gid != 4343 {
			t.Errorf("%s owned by %d:%d; want 4242:4343", p, st.Uid, st.Gid)
		}
	}
}

func statT(t *testing.T, p string) *syscall.Stat_t {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t)
}

// TestLockFileRemovedByItsHolder: a holder removes the lock file (RemoveHeldLock) while another
// Lock waits for it. The waiter ends up holding the lock on the file now at the path, so a
// third Lock, on that path, cannot take it too; TryLock says it is held.
func TestLockFileRemovedByItsHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "locks", "s.lock")
	unlock, err := Lock(context.Background(), path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan func(), 1)
	go func() {
		u, err := Lock(context.Background(), path, 5*time.Second)
		if err != nil {
			t.Error(err)
		}
		got <- u
	}()
	testproc.WaitBlocked(t, lockWait, 1) // the waiter has tried the file, and tries again
	RemoveHeldLock(path, unlock)
	second := <-got
	if second == nil {
		t.FailNow()
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the waiter holds no file at the path: %v", err)
	}
	if _, err := Lock(context.Background(), path, 100*time.Millisecond); err == nil {
		t.Fatal("a third Lock took the lock the waiter holds")
	}
	if _, ok, err := TryLock(path); ok || err != nil {
		t.Fatalf("TryLock while held = %v, %v", ok, err)
	}
	second()
	third, ok, err := TryLock(path)
	if !ok || err != nil {
		t.Fatalf("TryLock when free = %v, %v", ok, err)
	}
	third()
}

// TestHeldRefusesARemovedFile: a lock taken on a file that is no longer the one at its path
// (removed by its holder between the open and the lock; a new one there since, or none) is not
// held: Lock and TryLock then try again on the file at the path.
func TestHeldRefusesARemovedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.lock")
	for _, replaced := range []bool{true, false} {
		fl := flock.New(path)
		if ok, err := fl.TryLock(); !ok || err != nil {
			t.Fatalf("TryLock = %v, %v", ok, err)
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if replaced {
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if unlock, ok := held(fl, path); ok {
			unlock()
			t.Errorf("replaced %v: held a removed file", replaced)
		}
		unlock, ok := held(flockOn(t, path), path)
		if !ok {
			t.Fatalf("replaced %v: the file at the path is not held", replaced)
		}
		unlock()
	}
}

// flockOn returns a lock taken on the file at path.
func flockOn(t *testing.T, path string) *flock.Flock {
	t.Helper()
	fl := flock.New(path)
	if ok, err := fl.TryLock(); !ok || err != nil {
		t.Fatalf("TryLock = %v, %v", ok, err)
	}
	return fl
}
