package testfs

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWriteAndAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "f.txt")
	Write(t, path, "one\n", 0o640)
	Append(t, path, "two\n")
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "one\ntwo\n" {
		t.Fatalf("read %q, %v; want both lines", data, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	Write(t, path, "new", 0o600)
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Errorf("replaced content %q, want new", data)
	}
}

func TestAppendCreates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.jsonl")
	Append(t, path, "x\n")
	if data, err := os.ReadFile(path); err != nil || string(data) != "x\n" {
		t.Errorf("read %q, %v", data, err)
	}
}
