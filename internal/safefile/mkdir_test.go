//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestMkdirAllReportsWhatItCreated: MkdirAll returns exactly the directories it made, outermost
// first, with the permissions asked for; MissingDirs predicted the same list; a second call
// creates nothing.
func TestMkdirAllReportsWhatItCreated(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "b", "c")
	want := []string{filepath.Join(base, "a"), filepath.Join(base, "a", "b"), dir}
	if got := MissingDirs(dir + "/"); !cmp.Equal(got, want) {
		t.Errorf("MissingDirs = %v; want %v", got, want)
	}
	created, err := MkdirAll(dir+"/", 0o750)
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(created, want) {
		t.Errorf("created = %v; want %v", created, want)
	}
	for _, d := range want {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm() != 0o750&^currentUmask() {
			t.Errorf("%s: %v, %v", d, fi.Mode(), err)
		}
	}
	if got := MissingDirs(dir); len(got) != 0 {
		t.Errorf("MissingDirs after creation = %v", got)
	}
	if created, err := MkdirAll(dir, 0o750); err != nil || len(created) != 0 {
		t.Errorf("second MkdirAll = %v, %v; want nothing created", created, err)
	}
}

// TestMkdirAllUnderAFile: a regular file where a directory should be is an error naming the
// directory asked for, and nothing is made.
func TestMkdirAllUnderAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	created, err := MkdirAll(file, 0o700)
	want := "create " + file + ": " + file + " is not a directory"
	if err == nil || err.Error() != want || len(created) != 0 {
		t.Errorf("MkdirAll(file) = %v, %v; want %q", created, err, want)
	}
	dir := filepath.Join(file, "sub", "dir")
	created, err = MkdirAll(dir, 0o700)
	if err == nil || !strings.HasPrefix(err.Error(), "create "+dir+": ") || len(created) != 0 {
		t.Errorf("MkdirAll(under a file) = %v, %v", created, err)
	}
}

// TestMkdirAllUnreadableParent: a parent that cannot be searched is an error naming the directory
// asked for, not a silent success. Root searches any directory: as root the test runs as nobody.
func TestMkdirAllUnreadableParent(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return
	}
	base := t.TempDir()
	locked := filepath.Join(base, "locked")
	if err := os.Mkdir(locked, 0o000); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o700) })
	dir := filepath.Join(locked, "x")
	if _, err := MkdirAll(dir, 0o700); err == nil || !strings.HasPrefix(err.Error(), "create "+dir+": ") {
		t.Fatalf("MkdirAll under an unsearchable directory: %v", err)
	}
}

// TestMkdirAllGivesNewDirsToNearestOwner: run as root, each new directory goes to the owner and
// group of the nearest directory that existed; the existing one is left alone.
func TestMkdirAllGivesNewDirsToNearestOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving directories away needs root")
	}
	home := t.TempDir()
	if err := os.Chown(home, 4242, 4343); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, ".claude", "ccc-hooks")
	created, err := MkdirAll(dir, 0o700)
	if err != nil || len(created) != 2 {
		t.Fatalf("MkdirAll = %v, %v", created, err)
	}
	for _, d := range created {
		if st := statT(t, d); st.Uid != 4242 || st.Gid != 4343 {
			t.Errorf("%s owned by %d:%d; want 4242:4343", d, st.Uid, st.Gid)
		}
	}
}

func currentUmask() os.FileMode {
	dir, err := os.MkdirTemp("", "umask")
	if err != nil {
		return 0o022
	}
	defer func() { _ = os.Remove(dir) }()
	probe := filepath.Join(dir, "p")
	if err := os.Mkdir(probe, 0o777); err != nil {
		return 0o022
	}
	fi, _ := os.Stat(probe)
	return 0o777 &^ fi.Mode().Perm()
}
