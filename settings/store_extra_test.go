//go:build linux

package settings

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestUpdateClosesWhatItOpens: a process that updates settings many times (the installer over
// several files and scopes, a test suite) does not run out of file descriptors.
func TestUpdateClosesWhatItOpens(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(ents)
	}
	before := open()
	for i := range 20 {
		if _, err := s.Update(path, func(old []byte, _ bool) ([]byte, bool, error) {
			return []byte(`{"n":` + strconv.Itoa(i) + "}\n"), false, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if after := open(); after > before+2 {
		t.Errorf("%d file descriptors open after 20 updates, %d before", after, before)
	}
}

// TestUpdateNamesTheLinkToANonRegularFile: a settings path that is a symbolic link to something
// other than a regular file is refused with an error naming both the path asked for and where
// it leads; the path itself is named plainly when no link is involved.
func TestUpdateNamesTheLinkToANonRegularFile(t *testing.T) {
	s := newTestStore(t)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "settings.json")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("settings.json", link); err != nil {
		t.Fatal(err)
	}
	keep := func(old []byte, _ bool) ([]byte, bool, error) { return old, false, nil }
	t.Chdir(dir)
	for path, want := range map[string]string{
		link:            link + " (a link to " + target + ") is a directory, not a regular file; ccc-hooks only reads and replaces regular files",
		"link.json":     "link.json (a link to " + target + ") is a directory, not a regular file; ccc-hooks only reads and replaces regular files",
		target:          target + " is a directory, not a regular file; ccc-hooks only reads and replaces regular files",
		"settings.json": target + " is a directory, not a regular file; ccc-hooks only reads and replaces regular files",
	} {
		if _, err := s.Update(path, keep); err == nil || err.Error() != want {
			t.Errorf("Update(%s) = %v; want %q", path, err, want)
		}
	}
}

// TestCreatedDirectoryInUseIsRemovedLater: a directory the install created that holds something
// else when the file is removed stays, and is remembered: a later removal takes it once empty.
func TestCreatedDirectoryInUseIsRemovedLater(t *testing.T) {
	s := newTestStore(t)
	root := t.TempDir()
	project := filepath.Join(root, "project")
	path := filepath.Join(project, ".claude", "settings.json")
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(project, "notes.md") // the user's, written meanwhile
	if err := os.WriteFile(other, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(path, uninstallChange); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(project, ".claude")); !os.IsNotExist(err) {
		t.Errorf(".claude, created by the install and now empty, is still there: %v", err)
	}
	if got, err := os.ReadFile(other); err != nil || string(got) != "mine" {
		t.Fatalf("the user's file: %q, %v", got, err)
	}
	if err := os.Remove(other); err != nil {
		t.Fatal(err)
	}
	// Another file created and removed: the pending directory goes with it.
	path2 := filepath.Join(root, "elsewhere", "settings.json")
	if _, err := s.Update(path2, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(path2, uninstallChange); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(project); !os.IsNotExist(err) {
		t.Errorf("the created project directory, empty now, was not removed by the later removal: %v", err)
	}
}

// TestTidyFinishesAKilledRemoval: when an uninstall was killed after the settings file went but
// before its record did, the next Tidy of that path removes the record and the directories the
// install created, and the temporary files left in the backups and ledger directories.
func TestTidyFinishesAKilledRemoval(t *testing.T) {
	s := newTestStore(t)
	project := filepath.Join(t.TempDir(), "project")
	path := filepath.Join(project, ".claude", "settings.json")
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(path, installChange(testCommand+" --again")); err != nil {
		t.Fatal(err) // a second write, so that there is a backups directory
	}
	stale := []string{
		filepath.Join(s.BackupDir(path), ".x.ccc-hooks-tmp-0123456789abcdef"),
		filepath.Join(s.Home, "ledger", ".y.json.ccc-hooks-tmp-0123456789abcdef"),
	}
	for _, p := range stale {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(path); err != nil { // the uninstall, killed right after this
		t.Fatal(err)
	}
	if err := s.Tidy(path); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.recordAt(path); rec.Ledger != nil {
		l := rec.Ledger
		t.Errorf("record of the removed file kept: %+v", l)
	}
	if _, err := os.Stat(project); !os.IsNotExist(err) {
		t.Errorf("directories the install created are still there: %v", err)
	}
	for _, p := range stale {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("stale temporary file %s kept: %v", p, err)
		}
	}
}
