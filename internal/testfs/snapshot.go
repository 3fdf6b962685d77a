package testfs

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Snapshot records every file below root, root itself included, by its path relative to root:
// its kind and mode, the hash of its bytes (a regular file) or its target (a link). Two
// snapshots are equal when nothing below root changed that a user would see.
func Snapshot(t testing.TB, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		v := fi.Mode().String()
		switch {
		case fi.Mode().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			v += fmt.Sprintf(" %x", sha256.Sum256(data))
		case fi.Mode()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(path)
			v += " -> " + to
		}
		rel, _ := filepath.Rel(root, path)
		out[rel] = v
		return nil
	})
	if err != nil {
		t.Fatalf("snapshot of %s: %v", root, err)
	}
	return out
}
