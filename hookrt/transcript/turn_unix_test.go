//go:build unix

package transcript

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadTurnCannotRead: a transcript that cannot be read (missing, a directory, a named pipe,
// none named) gives no turn, and the read never waits.
func TestReadTurnCannotRead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{"missing": filepath.Join(dir, "none.jsonl"), "a directory": dir, "a FIFO": fifo, "none named": ""} {
		if got := ReadTurn(path, "p-typed"); got != (Turn{}) {
			t.Errorf("%s: ReadTurn = %+v, want nothing", name, got)
		}
	}
}
