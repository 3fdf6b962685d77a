package settings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// restoringUninstall removes our entries and, when only an empty object is left and the
// origin is known, puts the file back as it was: its original bytes, or no file.
func restoringUninstall(s *FileStore, path string) ChangeFunc {
	return func(old []byte, exists bool) ([]byte, bool, error) {
		b, err := RemoveEntries(old, nil, testOwner)
		if err != nil || !exists || bytes.Equal(b, old) || !IsEmpty(b) {
			return b, false, err
		}
		orig, existed, ok := s.Origin(path)
		switch {
		case !ok:
			return b, false, nil
		case existed:
			return orig, false, nil
		}
		return nil, true, nil
	}
}

// originState is what Origin answers.
type originState struct {
	Original []byte
	Existed  bool
	OK       bool
}

func originOf(s *FileStore, path string) originState {
	o, e, ok := s.Origin(path)
	return originState{o, e, ok}
}

func TestOriginRoundTrip(t *testing.T) {
	tests := []struct {
		name      string
		content   *string // nil: no file
		installed originState
		after     string // the file after uninstall; "-" means no file
	}{
		{"missing file", nil, originState{Existed: false, OK: true}, "-"},
		{"0-byte file", ptr(""), originState{Original: []byte{}, Existed: true, OK: true}, ""},
		{"whitespace file", ptr("  \n"), originState{Original: []byte("  \n"), Existed: true, OK: true}, "  \n"},
		{"CRLF whitespace file", ptr("\r\n\t\r\n"), originState{Original: []byte("\r\n\t\r\n"), Existed: true, OK: true}, "\r\n\t\r\n"},
		{"non-blank file", ptr("{}\n"), originState{}, "{}\n"},
		{"file with members", ptr(`{"a": 1}`), originState{}, `{"a": 1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			path := filepath.Join(t.TempDir(), "settings.json")
			if tt.content != nil {
				writeFile(t, path, *tt.content, 0o644)
			}
			if _, err := s.Update(path, installChange(testCommand)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(originOf(s, path), tt.installed); diff != "" {
				t.Errorf("Origin after install (-got +want):\n%s", diff)
			}
			// A second writer that keeps our entries leaves the record alone.
			if _, err := s.Update(path, installChange(otherCommand)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(originOf(s, path), tt.installed); diff != "" {
				t.Errorf("Origin after re-install (-got +want):\n%s", diff)
			}
			if _, err := s.Update(path, restoringUninstall(s, path)); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			switch {
			case tt.after == "-":
				if !errors.Is(err, os.ErrNotExist) {
					t.Errorf("file left behind: %q, %v", got, err)
				}
			case err != nil:
				t.Fatal(err)
			default:
				diffBytes(t, "file after uninstall", got, []byte(tt.after))
			}
			if _, err := os.Stat(s.originPath(path)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("origin record left behind: %v", err)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestOriginRecordPermissions(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	rec := s.originPath(path)
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{filepath.Dir(rec), 0o700}, {rec, 0o600}} {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("%s: mode %v, want %v", c.path, got, c.want)
		}
	}
}

func TestOriginRules(t *testing.T) {
	tests := []struct {
		name  string
		steps func(t *testing.T, s *FileStore, path string)
		want  originState
	}{
		{"unknown without any write", func(*testing.T, *FileStore, string) {}, originState{}},
		{"a file removed behind our back hides the record", func(t *testing.T, s *FileStore, path string) {
			writeFile(t, path, " ", 0o644)
			mustUpdate(t, s, path, installChange(testCommand))
			mustRemove(t, path)
		}, originState{}},
		{"writing into a missing file replaces a stale record", func(t *testing.T, s *FileStore, path string) {
			writeFile(t, path, " ", 0o644)
			mustUpdate(t, s, path, installChange(testCommand))
			mustRemove(t, path)
			mustUpdate(t, s, path, installChange(testCommand))
		}, originState{Existed: false, OK: true}},
		{"a file blanked after our first write keeps its first record", func(t *testing.T, s *FileStore, path string) {
			mustUpdate(t, s, path, installChange(testCommand))
			writeFile(t, path, "\n", 0o644)
			mustUpdate(t, s, path, installChange(testCommand))
		}, originState{Existed: false, OK: true}},
		{"writing other bytes keeps the record", func(t *testing.T, s *FileStore, path string) {
			writeFile(t, path, "\n", 0o644)
			mustUpdate(t, s, path, setBytes(`{"a": 1}`))
			mustUpdate(t, s, path, setBytes(" \n"))
		}, originState{Original: []byte("\n"), Existed: true, OK: true}},
		{"writing the original bytes back drops the record", func(t *testing.T, s *FileStore, path string) {
			writeFile(t, path, "\n", 0o644)
			mustUpdate(t, s, path, setBytes(`{"a": 1}`))
			mustUpdate(t, s, path, setBytes("\n"))
		}, originState{}},
		{"a tampered record is not trusted", func(t *testing.T, s *FileStore, path string) {
			mustUpdate(t, s, path, installChange(testCommand))
			writeFile(t, s.originPath(path), `{"path": "`+path+`", "existed": true, "original": "{}"}`, 0o600)
		}, originState{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			path := filepath.Join(t.TempDir(), "settings.json")
			tt.steps(t, s, path)
			if diff := cmp.Diff(originOf(s, path), tt.want); diff != "" {
				t.Errorf("Origin (-got +want):\n%s", diff)
			}
		})
	}
}

func setBytes(b string) ChangeFunc {
	return func([]byte, bool) ([]byte, bool, error) { return []byte(b), false, nil }
}

func mustUpdate(t *testing.T, s *FileStore, path string, change ChangeFunc) {
	t.Helper()
	if _, err := s.Update(path, change); err != nil {
		t.Fatal(err)
	}
}

func mustRemove(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

func TestOriginRecordFailureLeavesNoFile(t *testing.T) {
	s := newTestStore(t)
	writeFile(t, filepath.Join(s.Home, "origins"), "not a directory", 0o644)
	path := filepath.Join(t.TempDir(), "settings.json")
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), "record the origin of "+path) {
		t.Errorf("err = %v, want a record error naming the file", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file written although its origin could not be recorded: %v", err)
	}
}
