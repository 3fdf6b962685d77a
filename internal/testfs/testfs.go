// Package testfs writes the files a test sets up. It is for tests only: every failure ends the
// test at once, naming the file.
package testfs

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates or replaces path with data and mode (exactly mode, whatever the umask),
// creating its missing parent directories.
func Write(t testing.TB, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
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
