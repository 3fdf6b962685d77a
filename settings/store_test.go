package settings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func newTestStore(t *testing.T) *FileStore {
	t.Helper()
	return &FileStore{Home: filepath.Join(t.TempDir(), "home")}
}

// installChange installs the supervisor entries for command.
func installChange(command string) ChangeFunc {
	return func(old []byte, _ bool) ([]byte, bool, error) {
		b, err := InsertEntries(old, supervisorEntries(command, 600), testOwner)
		return b, false, err
	}
}

// uninstallChange removes our entries, and the file when only "{}" is left of it.
func uninstallChange(old []byte, exists bool) ([]byte, bool, error) {
	b, err := RemoveEntries(old, nil, testOwner)
	if err != nil {
		return nil, false, err
	}
	return b, exists && string(bytes.TrimSpace(b)) == "{}", nil
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestUpdateKeepsModeAndBacksUp(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	const orig = "{\n  \"model\": \"opus\"\n}\n"
	testfs.Write(t, path, orig, 0o600)
	c, err := s.Update(path, installChange(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed || !c.Existed || c.Removed || string(c.Old) != orig || c.Target != path {
		t.Errorf("Change = %+v", c)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != testfs.Perm(0o600) {
		t.Errorf("mode = %v, want 0600", fi.Mode().Perm())
	}
	diffBytes(t, "file", []byte(readString(t, path)), c.New)
	backups, err := s.Backups(path)
	if err != nil || len(backups) != 1 {
		t.Fatalf("backups = %v, %v", backups, err)
	}
	diffBytes(t, "backup", []byte(readString(t, backups[0])), []byte(orig))
	if l, ok := s.Ledger(path); !ok || l.CreatedFile || l.Blank != nil || l.Containers["hooks"] != nil {
		t.Errorf("Ledger = %+v, %v; want hooks recorded as created", l, ok)
	}
}

func TestUpdateCreatesAndRemoves(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "project", ".claude", "settings.json")
	c, err := s.Update(path, installChange(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed || c.Existed || c.Old != nil {
		t.Errorf("Change = %+v", c)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&^0o022 != 0o644&^0o022 || fi.Mode().Perm()&0o600 != 0o600 {
		t.Errorf("mode = %v, want 0644 less the umask", fi.Mode().Perm())
	}
	if l, ok := s.Ledger(path); !ok || !l.CreatedFile || len(l.Dirs) != 2 {
		t.Errorf("Ledger after creating the file = %+v, %v; want the file and two directories", l, ok)
	}
	c, err = s.Update(path, uninstallChange)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Removed || !c.Changed || c.New != nil {
		t.Errorf("Change = %+v", c)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file still there: %v", err)
	}
	if rec, _ := s.recordAt(c.Target); rec.Ledger != nil {
		l := rec.Ledger
		t.Errorf("Ledger kept after removal: %+v", l)
	}
	if _, err := os.Stat(filepath.Dir(filepath.Dir(path))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("directories created by the install left behind: %v", err)
	}
	if b, _ := s.Backups(path); len(b) != 1 {
		t.Errorf("backups before removal = %v, want 1", b)
	}
}

func TestUpdateNoChangeWritesNothing(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}", 0o644)
	past := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	c, err := s.Update(path, func(old []byte, _ bool) ([]byte, bool, error) { return old, false, nil })
	if err != nil {
		t.Fatal(err)
	}
	if c.Changed {
		t.Error("Changed = true for an identical result")
	}
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(past) {
		t.Errorf("mtime changed to %v", fi.ModTime())
	}
	missing := filepath.Join(t.TempDir(), "none", "settings.json")
	c, err = s.Update(missing, uninstallChange)
	if err != nil || c.Changed || c.Existed {
		t.Errorf("Update of a missing file = %+v, %v", c, err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Error("Update created a directory without writing")
	}
}

func TestUpdateFollowsSymlinks(t *testing.T) {
	s := newTestStore(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "claude-settings.json")
	testfs.Write(t, target, `{"a": 1}`, 0o640)
	mid := filepath.Join(dir, "mid.json")
	link := filepath.Join(dir, "settings.json")
	symlink(t, "dotfiles/claude-settings.json", mid)
	symlink(t, mid, link)
	c, err := s.Update(link, installChange(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	if c.Target != target || c.Path != link {
		t.Errorf("Target = %q, Path = %q", c.Target, c.Path)
	}
	for _, l := range []string{link, mid} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symlink (%v)", l, err)
		}
	}
	if got := readString(t, target); !strings.Contains(got, testCommand) {
		t.Errorf("target not updated:\n%s", got)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != testfs.Perm(0o640) {
		t.Errorf("target mode = %v, want 0640", fi.Mode().Perm())
	}

	dangling := filepath.Join(dir, "dangling.json")
	created := filepath.Join(dir, "new", "target.json")
	symlink(t, created, dangling)
	if _, err := s.Update(dangling, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(dangling); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("dangling link replaced: %v", err)
	}
	if !strings.Contains(readString(t, created), testCommand) {
		t.Error("dangling link's target not created")
	}
	if l, ok := s.Ledger(dangling); !ok || !l.CreatedFile || l.Path != created {
		t.Errorf("Ledger(dangling link) = %+v, %v; want the created target", l, ok)
	}
}

func TestBackupsRotate(t *testing.T) {
	fixed := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	s := newTestStore(t)
	s.Now = func() time.Time { return fixed } // every backup in the same instant
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, `{"n": 0}`, 0o644)
	for i := 1; i <= 15; i++ {
		n := []byte(`{"n": ` + string(rune('a'+i)) + `}`)
		if _, err := s.Update(path, func([]byte, bool) ([]byte, bool, error) { return n, false, nil }); err != nil {
			t.Fatal(err)
		}
	}
	backups, err := s.Backups(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(backups) != keepBackups {
		t.Fatalf("%d backups, want %d: %v", len(backups), keepBackups, backups)
	}
	if got, want := readString(t, backups[len(backups)-1]), `{"n": `+string(rune('a'+14))+`}`; got != want {
		t.Errorf("newest backup = %q, want %q", got, want)
	}
	if got, want := readString(t, backups[0]), `{"n": `+string(rune('a'+5))+`}`; got != want {
		t.Errorf("oldest kept backup = %q, want %q", got, want)
	}
	if !strings.HasPrefix(filepath.Base(filepath.Dir(backups[0])), "settings.json-") {
		t.Errorf("backup dir %q does not name the file", filepath.Dir(backups[0]))
	}
}

func TestUpdateReappliesWhenFileChanges(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{\n  \"model\": \"opus\"\n}\n", 0o644)
	const theirs = "{\n  \"model\": \"sonnet\",\n  \"theme\": \"dark\"\n}\n"
	calls := 0
	c, err := s.Update(path, func(old []byte, exists bool) ([]byte, bool, error) {
		calls++
		if calls == 1 {
			// Another program rewrites the file while we compute.
			if err := os.WriteFile(path, []byte(theirs), 0o644); err != nil {
				return nil, false, err
			}
		}
		return installChange(testCommand)(old, exists)
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 {
		t.Errorf("change called %d times, want 2", calls)
	}
	want, _ := InsertEntries([]byte(theirs), supervisorEntries(testCommand, 600), testOwner)
	diffBytes(t, "file", []byte(readString(t, path)), want)
	diffBytes(t, "Change.Old", c.Old, []byte(theirs))
}

func TestUpdateGivesUpWhenFileKeepsChanging(t *testing.T) {
	s := newTestStore(t)
	s.KeepTrying = time.Nanosecond
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}", 0o644)
	n := 0
	_, err := s.Update(path, func(old []byte, _ bool) ([]byte, bool, error) {
		n++
		if err := os.WriteFile(path, []byte(`{"n": "`+strings.Repeat("x", n)+`"}`), 0o644); err != nil {
			return nil, false, err
		}
		return []byte(`{"ours": 1}`), false, nil
	})
	if err == nil || !strings.Contains(err.Error(), "kept changing") {
		t.Errorf("err = %v, want the file kept changing", err)
	}
	if n != maxAttempts {
		t.Errorf("change called %d times, want %d", n, maxAttempts)
	}
}

// TestUpdateKeepsTryingWhileFileChanges: past maxAttempts rounds, an update goes on while
// KeepTrying has not passed: a program that saves the file 15 times in a row and then pauses
// does not make the install fail.
func TestUpdateKeepsTryingWhileFileChanges(t *testing.T) {
	s := newTestStore(t)
	s.KeepTrying = time.Minute
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}", 0o644)
	n := 0
	_, err := s.Update(path, func(old []byte, _ bool) ([]byte, bool, error) {
		n++
		if n <= maxAttempts+5 {
			if err := os.WriteFile(path, []byte(`{"n": "`+strings.Repeat("x", n)+`"}`), 0o644); err != nil {
				return nil, false, err
			}
		}
		return []byte(`{"ours": 1}`), false, nil
	})
	if err != nil {
		t.Fatalf("Update gave up after %d rounds: %v", n, err)
	}
	if n != maxAttempts+6 {
		t.Errorf("change called %d times, want %d", n, maxAttempts+6)
	}
	if got := readString(t, path); got != `{"ours": 1}` {
		t.Errorf("file = %s", got)
	}
}
