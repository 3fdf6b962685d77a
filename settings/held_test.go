package settings

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestUpdateOfAFileHeldOpen: another program has the file open while ccc-hooks writes it (an
// editor between reading and saving, a virus scanner). Windows refuses to replace a file that is
// open: the update tries again until the program lets go, then succeeds, with one backup of the
// old bytes however many rounds it took. Elsewhere it goes ahead at once. An uninstall that
// removes a file install created waits the same way.
func TestUpdateOfAFileHeldOpen(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	const orig = `{"a": 1}`
	testfs.Write(t, path, orig, 0o644)
	hold := func() (released <-chan time.Time) {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		ch := make(chan time.Time, 1)
		go func() {
			time.Sleep(200 * time.Millisecond)
			ch <- time.Now()
			_ = f.Close()
		}()
		return ch
	}
	released := hold()
	c, err := s.Update(path, installChange(testCommand))
	returned := time.Now()
	let := <-released
	if err != nil || !c.Changed {
		t.Fatalf("Update = %+v, %v", c, err)
	}
	if !safefile.CanReplaceOpen && returned.Before(let) {
		t.Errorf("the update returned before the program let go of the file")
	}
	if got := readString(t, path); !strings.Contains(got, testCommand) || !strings.HasPrefix(got, `{"a": 1,`) {
		t.Errorf("file = %s", got)
	}
	if backups, err := s.Backups(path); err != nil || len(backups) != 1 || readString(t, backups[0]) != orig {
		t.Errorf("backups = %v, %v; want one, of the old bytes", backups, err)
	}

	// A file install created goes again with the uninstall.
	mustDo(t, os.Remove(path))
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	released = hold()
	c, err = s.Update(path, uninstallChange)
	<-released
	if err != nil || !c.Removed {
		t.Fatalf("uninstall = %+v, %v", c, err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file left after the uninstall: %v", err)
	}
}

// TestUpdateOfAFileKeptOpen: on Windows, a program that never lets go of the file makes the
// update fail once it has tried for a while, saying so, with the file as it was.
func TestUpdateOfAFileKeptOpen(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("only Windows refuses to replace a file that is open")
	}
	s := newTestStore(t)
	s.KeepTrying = 300 * time.Millisecond
	path := filepath.Join(t.TempDir(), "settings.json")
	const orig = `{"a": 1}`
	testfs.Write(t, path, orig, 0o644)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	_, err = s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), "update "+path+": another program kept the file open") {
		t.Errorf("err = %v, want one saying another program kept %s open", err, path)
	}
	if got := readString(t, path); got != orig {
		t.Errorf("file = %s, want it as it was", got)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only the file", len(ents))
	}
}
