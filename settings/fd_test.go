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
