package transcript

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// write writes data as a transcript of its own and returns its path.
func write(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, data, 0o600)
	return path
}

// TestTail: a file no longer than the tail is read whole, a cut last line included; of a longer
// one, the line the tail's start cuts is dropped, and a line that starts right at it is too (the
// tail cannot tell it whole).
func TestTail(t *testing.T) {
	tests := []struct {
		name, data string
		limit      int64
		want       string
	}{
		{"shorter than the tail", typed + reply, 1 << 10, typed + reply},
		{"exactly as long", typed + reply, int64(len(typed + reply)), reply},
		{"a line cut by the start", typed + reply, int64(len(reply) + 5), reply},
		{"starting at a line end", typed + reply, int64(len(reply) + 1), reply},
		{"a cut last line kept", typed + reply[:9], 1 << 10, typed + reply[:9]},
		{"no line end in the tail", typed + strings.Repeat("x", 20), 10, strings.Repeat("x", 10)},
		{"empty", "", 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Tail(write(t, tt.data), tt.limit)
			if err != nil || string(got) != tt.want {
				t.Errorf("Tail = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if _, err := Tail(filepath.Join(t.TempDir(), "none.jsonl"), 10); err == nil {
		t.Error("Tail of a missing file: no error")
	}
}

func TestHead(t *testing.T) {
	path := write(t, typed+reply)
	if got, err := Head(path, int64(len(typed)+3)); err != nil || string(got) != typed+reply[:3] {
		t.Errorf("Head = %q, %v; want the first line and 3 bytes", got, err)
	}
	if got, err := Head(path, 1<<10); err != nil || string(got) != typed+reply {
		t.Errorf("Head = %q, %v; want all of it", got, err)
	}
	if _, err := Head(t.TempDir(), 10); err == nil {
		t.Error("Head of a directory: no error")
	}
}

func TestRecords(t *testing.T) {
	data := typed + "not json\n" + reply + "\n" + `{"type":"user",` + "\n" + feedback + queued[:20] + "\n"
	var types []string
	for rec := range Records([]byte(data)) {
		types = append(types, rec.Get("uuid").Str)
	}
	if want := []string{"u1", "a1", "u2"}; !slices.Equal(types, want) {
		t.Errorf("Records = %v, want %v", types, want)
	}
	types = nil
	for rec := range Records([]byte(data+queued+reply), `"attachment"`, `"isMeta"`) {
		types = append(types, rec.Get("uuid").Str)
	}
	if want := []string{"u2", "q1"}; !slices.Equal(types, want) {
		t.Errorf("Records with words = %v, want %v", types, want)
	}
	n := 0
	for range Records([]byte(typed + reply + feedback)) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("Records went on after its caller stopped: %d", n)
	}
}
