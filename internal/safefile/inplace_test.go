package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestTorn: what a write in place leaves when it stops part way is torn — the new bytes' start
// over the old ones, or all of the new bytes before the file is cut — and nothing else is: the
// old file, the new one, or what another program wrote.
func TestTorn(t *testing.T) {
	old, longer, shorter := `{"a": 1, "b": 2}`, `{"a": 1, "b": 2, "hooks": {}}`, `{"a": 1}`
	for _, tt := range []struct {
		name           string
		cur, old, next string
		torn           bool
	}{
		{"not started", old, old, longer, false},
		{"done", longer, old, longer, false},
		{"longer, part way", `{"a": 1, "b": 2}`[:9] + old[9:], old, longer, false}, // same as old so far
		{"longer, past the old end", longer[:20], old, longer, true},
		{"shorter, not cut", shorter + old[len(shorter):], old, shorter, true},
		{"shorter, part way", `{"x"` + old[4:], old, `{"x": 1}`, true},
		{"shorter, done", shorter, old, shorter, false},
		{"another program's", `{"z": 9, "b": 2}`, old, `{"a": 7, "b": 2}`, false},
		{"another program's, longer", `{"a": 1, "b": 2, "x": 3}`, old, longer, false},
		{"a byte past the prefix differs", `{"a": 1, "b": 3}`, old, `{"q": 1, "b": 2}`, false},
		{"empty", "", old, longer, false},
	} {
		if got := Torn([]byte(tt.cur), []byte(tt.old), []byte(tt.next)); got != tt.torn {
			t.Errorf("%s: Torn(%q, %q, %q) = %v, want %v", tt.name, tt.cur, tt.old, tt.next, got, tt.torn)
		}
	}
}

// TestWriteInPlaceKeepsTheInode: the file's other names see the new bytes, a shorter content
// cuts the file, and a file that is no longer the one looked at is not written.
func TestWriteInPlaceKeepsTheInode(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "settings.json"), filepath.Join(dir, "other.json")
	if err := os.WriteFile(path, []byte(`{"a": 1, "b": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteInPlace(path, []byte(`{}`), fi); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(other); string(b) != `{}` {
		t.Errorf("the other name holds %q", b)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"new": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteInPlace(path, []byte(`{}`), fi); !errors.Is(err, ErrTargetChanged) {
		t.Errorf("a file put in its place: %v, want ErrTargetChanged", err)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"new": 1}` {
		t.Errorf("the new file was written: %q", b)
	}
}
