package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestBackupsBySequenceNotClock: with a clock that goes backwards on every write, the newest
// ten backups by write order are kept (pruning by the clock would keep the oldest); every
// backup is 0600, and a temporary file a killed backup left is neither counted nor kept.
func TestBackupsBySequenceNotClock(t *testing.T) {
	s := newTestStore(t)
	clock := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { clock = clock.Add(-time.Hour); return clock }
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, `{"n": 0}`, 0o644)
	stale := filepath.Join(s.BackupDir(path), ".00000099-x.ccc-hooks-tmp-0123456789abcdef")
	mustDo(t, os.MkdirAll(filepath.Dir(stale), 0o700))
	testfs.Write(t, stale, `{"n": `, 0o600)
	for i := 1; i <= 15; i++ {
		n := []byte(`{"n": ` + strings.Repeat("9", i) + `}`)
		if _, err := s.Update(path, func([]byte, bool) ([]byte, bool, error) { return n, false, nil }); err != nil {
			t.Fatal(err)
		}
	}
	backups, err := s.Backups(path)
	if err != nil || len(backups) != keepBackups {
		t.Fatalf("backups = %v, %v", backups, err)
	}
	// Write i saved the bytes of write i-1: the ten kept hold writes 5 to 14.
	if got, want := readString(t, backups[len(backups)-1]), `{"n": `+strings.Repeat("9", 14)+`}`; got != want {
		t.Errorf("newest backup = %q, want %q", got, want)
	}
	if got, want := readString(t, backups[0]), `{"n": `+strings.Repeat("9", 5)+`}`; got != want {
		t.Errorf("oldest kept backup = %q, want %q", got, want)
	}
	for _, b := range backups {
		if fi, err := os.Stat(b); err != nil || fi.Mode().Perm() != testfs.Perm(0o600) {
			t.Errorf("%s: mode %v, %v; want 0600", b, fi.Mode(), err)
		}
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary backup left: %v", err)
	}
}

// mustDo fails t at once on err.
func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
