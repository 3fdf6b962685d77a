package settings

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// assertUntouched fails t when path's bytes or mtime differ from want and mtime.
func assertUntouched(t *testing.T, path, want string, mtime time.Time) {
	t.Helper()
	if got := readString(t, path); got != want {
		t.Errorf("file changed to %q", got)
	}
	if fi, err := os.Stat(path); err != nil || !fi.ModTime().Equal(mtime) {
		t.Errorf("mtime changed (%v)", err)
	}
}

func setPast(t *testing.T, path string) time.Time {
	t.Helper()
	past := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	return past
}

// TestUpdateReadOnlyDirectory: a file in a directory the user cannot write is left as it was,
// with an error naming it. Root writes anywhere: as root the test runs as nobody.
func TestUpdateReadOnlyDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no write permission on a directory (its read-only attribute does not keep files from being created in it)")
	}
	if testuser.RunAsNobody(t) {
		return
	}
	s := newTestStore(t)
	dir := filepath.Join(t.TempDir(), "ro")
	path := filepath.Join(dir, "settings.json")
	const orig = `{"a": 1}`
	testfs.Write(t, path, orig, 0o644)
	mtime := setPast(t, path)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.HasPrefix(err.Error(), "write "+path+": ") || !errors.Is(err, os.ErrPermission) {
		t.Errorf("err = %v, want write %s: ...permission denied", err, path)
	}
	assertUntouched(t, path, orig, mtime)
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only the file", len(ents))
	}
}

func TestUpdateFailingBackupLeavesFile(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	testfs.Write(t, filepath.Join(home, "backups"), "not a directory", 0o644)
	s := &FileStore{Home: home}
	path := filepath.Join(dir, "settings.json")
	const orig = `{"a": 1}`
	testfs.Write(t, path, orig, 0o644)
	mtime := setPast(t, path)
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), "back up "+path) {
		t.Errorf("err = %v, want a backup error naming the file", err)
	}
	assertUntouched(t, path, orig, mtime)
}

func TestUpdateRefusesBadJSON(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	const orig = "{\n  \"hooks\": []\n}\n"
	testfs.Write(t, path, orig, 0o644)
	mtime := setPast(t, path)
	_, err := s.Update(path, installChange(testCommand))
	var se *StructureError
	if !errors.As(err, &se) {
		t.Errorf("err = %v, want a *StructureError", err)
	}
	assertUntouched(t, path, orig, mtime)
	if b, _ := s.Backups(path); len(b) != 0 {
		t.Errorf("backups written for a refused change: %v", b)
	}
}

func TestUpdateUnreadable(t *testing.T) {
	s := newTestStore(t)
	path := t.TempDir() // a directory is not readable as a file
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), path+" is a directory, not a regular file") {
		t.Errorf("err = %v, want an error naming %s as a directory", err, path)
	}
}

func TestUpdateLockTimeout(t *testing.T) {
	s := newTestStore(t)
	s.LockTimeout = 150 * time.Millisecond
	if err := os.MkdirAll(filepath.Dir(s.LockFile()), 0o700); err != nil {
		t.Fatal(err)
	}
	held := flock.New(s.LockFile())
	if err := held.Lock(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = held.Unlock() }()
	path := filepath.Join(t.TempDir(), "settings.json")
	start := time.Now()
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), "another ccc-hooks is running") ||
		!strings.Contains(err.Error(), s.LockFile()) {
		t.Errorf("err = %v, want a lock timeout naming %s", err, s.LockFile())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("waited %v", d)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Error("file written without the lock")
	}
}

func TestPreviewWritesNothing(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	c, err := s.Preview(path, installChange(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed || c.Existed || !strings.Contains(string(c.New), testCommand) {
		t.Errorf("Change = %+v", c)
	}
	for _, p := range []string{path, s.Home} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Preview created %s", p)
		}
	}
}

func TestUpdateChangeErrorIsReturned(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}", 0o644)
	mtime := setPast(t, path)
	boom := errors.New("boom")
	_, err := s.Update(path, func([]byte, bool) ([]byte, bool, error) { return nil, false, boom })
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
	assertUntouched(t, path, "{}", mtime)
}

// TestTooLargeFileIsRefused: a settings file of more than MaxFileSize is refused by every read
// of it, Update, Preview and ReadFile, with an error naming the file, and left as it was.
func TestTooLargeFileIsRefused(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}", 0o644)
	if err := os.Truncate(path, MaxFileSize+1); err != nil { // sparse: nothing is written
		t.Fatal(err)
	}
	mtime := setPast(t, path)
	reads := map[string]func() error{
		"Update":   func() error { _, err := s.Update(path, installChange(testCommand)); return err },
		"Preview":  func() error { _, err := s.Preview(path, installChange(testCommand)); return err },
		"ReadFile": func() error { _, err := ReadFile(path); return err },
	}
	for name, read := range reads {
		err := read()
		if !errors.Is(err, safefile.ErrTooLarge) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "64 MiB") {
			t.Errorf("%s: err = %v, want file too large (more than 64 MiB) naming %s", name, err, path)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != MaxFileSize+1 || !fi.ModTime().Equal(mtime) {
		t.Errorf("the file changed: %v, %v", fi, err)
	}
}
