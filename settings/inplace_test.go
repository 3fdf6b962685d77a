package settings

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpdateWritesAHardLinkedFileInPlace: a file with another name is written in place (the
// other name sees our entries), with a backup, and the Change says why; an uninstall that would
// remove such a file empties it instead, so that no name keeps our entries; no journal is left.
func TestUpdateWritesAHardLinkedFileInPlace(t *testing.T) {
	s := newTestStore(t)
	dir := t.TempDir()
	path, other := filepath.Join(dir, "settings.json"), filepath.Join(dir, "shared.json")
	const old = "{\n  \"model\": \"opus\"\n}\n"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	c, err := s.Update(path, installChange(testCommand))
	if err != nil {
		t.Fatal(err)
	}
	if want := "it has 2 names (hard links), which a replacement would split"; c.InPlace != want {
		t.Errorf("InPlace = %q, want %q", c.InPlace, want)
	}
	got, _ := os.ReadFile(other)
	if !bytes.Equal(got, c.New) {
		t.Errorf("the other name holds\n%s\nwant\n%s", got, c.New)
	}
	if b, _ := s.Backups(path); len(b) != 1 {
		t.Errorf("backups %v, want one", b)
	}
	if _, err := os.Stat(filepath.Join(s.BackupDir(path), journalName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a journal is left: %v", err)
	}
	c, err = s.Update(path, func([]byte, bool) ([]byte, bool, error) { return []byte("{}\n"), true, nil })
	if err != nil {
		t.Fatal(err)
	}
	if c.Removed || !strings.Contains(c.InPlace, "so it is emptied rather than removed") {
		t.Errorf("removed %v, in place %q: want emptied in place", c.Removed, c.InPlace)
	}
	for _, p := range []string{path, other} {
		if b, _ := os.ReadFile(p); string(b) != "{}\n" {
			t.Errorf("%s holds %q, want {}", p, b)
		}
	}
}

// TestKilledWriteInPlaceIsPutBack: a run killed in the middle of a write in place leaves the file
// torn and its journal; the next run puts the old bytes back into the same file, and removes the
// journal. A file another program rewrote since is left as it is.
func TestKilledWriteInPlaceIsPutBack(t *testing.T) {
	for _, tt := range []struct {
		name      string
		cur, want string
	}{
		{"torn", "", ""}, // the new bytes' first ten over the old ones
		{"rewritten since", `{"effort": "high"}`, `{"effort": "high"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			path := filepath.Join(t.TempDir(), "settings.json")
			old := "{\"model\": \"opus\"\n}\n"
			updated := `{"hooks": {"Stop": []}, "model": "opus"}`
			if tt.name == "torn" {
				tt.cur = updated[:10] + old[10:]
				tt.want = old
				if tt.cur == old {
					t.Fatal("the torn file must differ from the old one")
				}
			}
			if err := s.backup(path, []byte(old), nil); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(s.BackupDir(path), journalName), []byte(updated), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.cur), 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(path)
			if err := s.Tidy(path); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.want {
				t.Errorf("file %q, want %q", got, tt.want)
			}
			if after, _ := os.Stat(path); !os.SameFile(before, after) {
				t.Error("the file was replaced, not written in place")
			}
			if _, err := os.Stat(filepath.Join(s.BackupDir(path), journalName)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the journal is left: %v", err)
			}
		})
	}
}
