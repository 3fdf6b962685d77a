//go:build unix

package safefile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f does not return within d (a hang is the bug these tests catch).
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still blocked after %v", d)
	}
}

// TestNonRegularFilesAreRefused: a FIFO with no writer, a character device that never ends, and a
// directory are refused with ErrNotRegular, at once, by every reader.
func TestNonRegularFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	zeroLink := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zeroLink); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero", zeroLink, dir} {
		readers := map[string]func() error{
			"OpenRegular": func() error {
				f, _, err := OpenRegular(path, FollowLinks)
				if f != nil {
					_ = f.Close()
				}
				return err
			},
			"ReadRegular": func() error { _, err := ReadRegular(path, 1<<20); return err },
			"ReadTail":    func() error { _, err := ReadTail(path, 1<<20); return err },
		}
		for name, read := range readers {
			var err error
			within(t, 5*time.Second, func() { err = read() })
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s(%s) = %v, want ErrNotRegular", name, path, err)
			}
		}
	}
}

// TestReadRegularBounds: a file within the limit is read whole; one over it is refused with
// ErrTooLarge naming the file.
func TestReadRegularBounds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "SUPERVISOR.md")
	if err := os.WriteFile(path, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRegular(path, 10)
	if err != nil || string(got) != "0123456789" {
		t.Fatalf("ReadRegular(limit 10) = %q, %v", got, err)
	}
	_, err = ReadRegular(path, 9)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadRegular(limit 9) = %v, want ErrTooLarge", err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name the file", err)
	}
}

// TestReadTailOfHugeSparseFile: the tail of a 2 GB file is its last limit bytes, read in memory
// bounded by limit (not by the file), and ReadRegular refuses the file without reading it.
func TestReadTailOfHugeSparseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "transcript.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	const size = 2 << 30
	tail := []byte("\n{\"type\":\"assistant\"}\n")
	if _, err := f.WriteAt(tail, size-int64(len(tail))); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	const limit = 4 << 20
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, err := ReadTail(path, limit)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(path, limit); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadRegular of 2 GB = %v, want ErrTooLarge", err)
	}
	runtime.ReadMemStats(&after)
	if len(got) != limit || !bytes.HasSuffix(got, tail) {
		t.Fatalf("ReadTail returned %d bytes ending %q, want %d ending %q", len(got), got[len(got)-len(tail):], limit, tail)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("reading a 4 MiB tail allocated %d MiB", alloc>>20)
	}
}

// TestReadTailOfSmallFile: a file smaller than limit comes back whole.
func TestReadTailOfSmallFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t")
	if err := os.WriteFile(path, []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTail(path, 10)
	if err != nil || string(got) != "abc" {
		t.Fatalf("ReadTail = %q, %v", got, err)
	}
}

// TestOpenRegularLinks: a link to a regular file is followed with FollowLinks and refused as
// a symbolic link with RefuseLinks; a missing file is fs.ErrNotExist either way.
func TestOpenRegularLinks(t *testing.T) {
	dir := t.TempDir()
	file, link := filepath.Join(dir, "settings.json"), filepath.Join(dir, "link.json")
	if err := os.WriteFile(file, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	f, fi, err := OpenRegular(link, FollowLinks)
	if err != nil || fi.Size() != 2 {
		t.Fatalf("OpenRegular(link, FollowLinks) = %v, %v; want the file of 2 bytes", fi, err)
	}
	_ = f.Close()
	var nr *NotRegularError
	if _, _, err := OpenRegular(link, RefuseLinks); !errors.As(err, &nr) || nr.Kind != "a symbolic link" || nr.Path != link {
		t.Errorf("OpenRegular(link, RefuseLinks) = %v, want a NotRegularError naming the link", err)
	}
	for _, links := range []Links{FollowLinks, RefuseLinks} {
		if _, _, err := OpenRegular(filepath.Join(dir, "missing"), links); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("OpenRegular(missing, %d) = %v, want fs.ErrNotExist", links, err)
		}
	}
}

// TestOpenReadWrite: a file opened for reading and writing, created with mode 0600 only when
// asked, and never through a symbolic link in its place.
func TestOpenReadWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "record")
	if _, err := OpenReadWrite(path, false); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("OpenReadWrite(missing, false) = %v, want not exist", err)
	}
	f, err := OpenReadWrite(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("kept"); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("created %v, %v; want mode 0600", fi.Mode(), err)
	}
	f, err = OpenReadWrite(path, true)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	if _, err := f.ReadAt(buf, 0); err != nil || string(buf) != "kept" {
		t.Errorf("read %q, %v; want what was written (not truncated)", buf, err)
	}
	_ = f.Close()
	link := filepath.Join(dir, "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	for _, create := range []bool{false, true} {
		if f, err := OpenReadWrite(link, create); err == nil {
			_ = f.Close()
			t.Errorf("OpenReadWrite(link, %v) opened it", create)
		}
	}
}
