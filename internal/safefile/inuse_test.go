package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestOpenRegularLetsOthersMoveTheFile: while ccc-hooks reads a file, another program may still
// rename it away and delete it. (On Windows, os.Open would refuse them both: it does not share
// delete access.)
func TestOpenRegularLetsOthersMoveTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, links := range []Links{FollowLinks, RefuseLinks} {
		f, _, err := OpenRegular(path, links)
		if err != nil {
			t.Fatal(err)
		}
		moved := filepath.Join(dir, "moved.json")
		if err := os.Rename(path, moved); err != nil {
			t.Errorf("links %d: renaming a file ccc-hooks reads: %v", links, err)
		}
		if err := os.Remove(moved); err != nil {
			t.Errorf("links %d: deleting a file ccc-hooks reads: %v", links, err)
		}
		_ = f.Close()
		if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplaceOfAnOpenFile: where a file can be replaced while a program holds it open, Replace
// does so; on Windows, which refuses, Replace fails with ErrInUse, the target keeps its bytes,
// no temporary file is left, and the same write succeeds once the program lets go.
func TestReplaceOfAnOpenFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	held, err := os.OpenFile(target, os.O_RDWR, 0) // an editor between reading and saving
	if err != nil {
		t.Fatal(err)
	}
	err = WriteFileAtomic(target, []byte("new"), 0o644)
	if CanReplaceOpen {
		_ = held.Close()
		if err != nil {
			t.Fatalf("replacing an open file: %v", err)
		}
		return
	}
	if !errors.Is(err, ErrInUse) {
		t.Errorf("err = %v, want ErrInUse", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Errorf("target = %q, want it as it was", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only the target", len(ents))
	}
	_ = held.Close()
	if err := WriteFileAtomic(target, []byte("new"), 0o644); err != nil {
		t.Fatalf("once the file is closed: %v", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("target = %q, want the new bytes", got)
	}
}

// TestRemoveCheckedOfAnOpenFile: on Windows a file that a program holds open without sharing
// delete access cannot be moved aside: RemoveChecked fails with ErrInUse, without asking the
// check, and the file stays.
func TestRemoveCheckedOfAnOpenFile(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("only Windows keeps an open file from being renamed")
	}
	target := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	held, err := os.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = held.Close() }()
	gone, err := RemoveChecked(target, func(string) bool { t.Error("check called"); return true })
	if gone || !errors.Is(err, ErrInUse) {
		t.Errorf("RemoveChecked = %v, %v; want ErrInUse", gone, err)
	}
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Errorf("target = %q, want it kept", got)
	}
}
