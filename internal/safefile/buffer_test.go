package safefile

import (
	"strings"
	"testing"
)

// TestBuffer: a buffer is empty with room for n bytes.
func TestBuffer(t *testing.T) {
	for _, n := range []int{0, 1, prefaultMin - 1, prefaultMin, 3*prefaultMin + 12345} {
		if b := Buffer(n); len(b) != 0 || cap(b) < n {
			t.Fatalf("Buffer(%d): len %d cap %d", n, len(b), cap(b))
		}
	}
	if b := Buffer(-1); len(b) != 0 {
		t.Fatalf("Buffer(-1): len %d", len(b))
	}
}

// TestReadAllSized: the whole stream is read whatever the size hint says, so a file that grew
// or shrank since it was stat'ed is read as it is now.
func TestReadAllSized(t *testing.T) {
	data := strings.Repeat("settings ", prefaultMin/4)
	for _, hint := range []int64{0, -5, 10, int64(len(data)) - 1, int64(len(data)), int64(len(data)) * 2} {
		got, err := ReadAllSized(strings.NewReader(data), hint)
		if err != nil {
			t.Fatalf("hint %d: %v", hint, err)
		}
		if string(got) != data {
			t.Errorf("hint %d: read %d bytes, want %d", hint, len(got), len(data))
		}
	}
}
