// Package testfs writes the files a test sets up, and takes a snapshot of a tree to compare
// after (snapshot.go). It is for tests only: every failure ends the test at once, naming the
// file.
package testfs

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// Write creates or replaces path with data and mode (exactly mode, whatever the umask),
// creating its missing parent directories. An executable mode is written the way Copy writes
// one, so the file can be run at once.
func Write(t testing.TB, path, data string, mode os.FileMode) {
	t.Helper()
	mkParent(t, path)
	withoutFork(mode, func() {
		if err := os.WriteFile(path, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	})
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// Copy creates or replaces to with the content of from and mode (exactly mode, whatever the
// umask), creating its missing parent directories.
//
// An executable is written while no other goroutine of the test can start a process. A child
// started in that moment would hold the file open for writing until it runs its own program,
// and running the file meanwhile fails with "text file busy" (golang/go#22315): tests that run
// in parallel start processes all the time.
func Copy(t testing.TB, from, to string, mode os.FileMode) {
	t.Helper()
	mkParent(t, to)
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Close() }()
	withoutFork(mode, func() {
		out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(out, in)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
	})
	if err := os.Chmod(to, mode); err != nil {
		t.Fatal(err)
	}
}

// withoutFork runs write holding syscall.ForkLock for reading when mode is executable: the
// standard library forks only while it holds that lock for writing.
func withoutFork(mode os.FileMode, write func()) {
	if mode&0o111 == 0 {
		write()
		return
	}
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	write()
}

func mkParent(t testing.TB, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
}

// Perm is the permission bits a file given perm shows on this system: perm itself, except on
// Windows, where a file is read-only (0444) or not (0666) and has no other bits.
func Perm(perm os.FileMode) os.FileMode {
	if runtime.GOOS != "windows" {
		return perm
	}
	if perm&0o200 != 0 {
		return 0o666
	}
	return 0o444
}

// Append adds data at the end of path, creating it (mode 0o600) when missing.
func Append(t testing.TB, path, data string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(data); err != nil {
		_ = f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// GitDir makes dir a git directory as git recognises one, and nothing more: HEAD, objects and
// refs.
func GitDir(t testing.TB, dir string) {
	t.Helper()
	Write(t, filepath.Join(dir, "HEAD"), "ref: refs/heads/main\n", 0o644)
	for _, sub := range []string{"objects", "refs"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}
