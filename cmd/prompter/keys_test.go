//go:build unix

package prompter

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readKeys writes input to a pipe and reads n keys back through a keyReader.
func readKeys(t *testing.T, input string, n, queries int) []string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// Both ends stay open while reading, as a terminal does.
	defer func() { _, _ = r.Close(), w.Close() }()
	if _, err := w.WriteString(input); err != nil {
		t.Fatal(err)
	}
	k := newKeyReader(r)
	k.positions = queries
	var keys []string
	buf := make([]byte, 4096)
	for range n {
		m, err := k.Read(buf)
		if err != nil {
			t.Fatalf("read: %v (keys so far %q)", err, keys)
		}
		keys = append(keys, string(buf[:m]))
	}
	return keys
}

func TestKeyReader(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		queries int
		want    []string
	}{
		{"one key per read", "y\r120\r", 0, []string{"y", "\r", "1", "2", "0", "\r"}},
		{"arrow keys whole", "\x1b[A\x1b[B\x1bOA\x1b[3~", 0, []string{"\x1b[A", "\x1b[B", "\x1bOA", "\x1b[3~"}},
		{"utf-8 whole", "é中", 0, []string{"é", "中"}},
		{"esc alone cancels", "\x1b", 0, []string{"\x03"}},
		{"esc before a key cancels", "\x1by", 0, []string{"\x03", "y"}},
		{"cursor answer before typed-ahead keys", "n\ry\x1b[12;1R", 1, []string{"\x1b[12;1R", "n", "\r", "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readKeys(t, tt.input, len(tt.want), tt.queries)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("keys (-want +got):\n%s", diff)
			}
		})
	}
}

func TestQueryWriterCountsCursorQueries(t *testing.T) {
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = out.Close() }()
	k := &keyReader{}
	w := &queryWriter{f: out, keys: k}
	if _, err := w.Write([]byte("\x1b[?25l\x1b[6n")); err != nil {
		t.Fatal(err)
	}
	if k.positions != 1 {
		t.Errorf("positions = %d, want 1", k.positions)
	}
}
