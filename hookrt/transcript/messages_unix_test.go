//go:build unix

package transcript

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// TestReadMessagesHugeFileReadInSlices: a 2 GB transcript (sparse: a prompt, a gap, an answer) is
// read in bounded slices from its head and its tail, at once and without growing memory.
func TestReadMessagesHugeFileReadInSlices(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	first := `{"type":"user","message":{"role":"user","content":"/mc-review expert review: the login fix"}}` + "\n"
	last := "\n" + `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Score: 9/10"}]}}` + "\n"
	if _, err := f.WriteString(first); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(last), 2<<30); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	tr, err := ReadMessages(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tr.FirstUser, "/mc-review") || tr.LastAssistant != "Score: 9/10" {
		t.Errorf("got %+v, want the task prompt and the final score", tr)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("reading took %s", d)
	}
}

// TestReadMessagesNotRegularRefused: a FIFO or a device named as the transcript is refused at
// once (a FIFO without a writer would hang a plain open; /dev/zero would never end).
func TestReadMessagesNotRegularRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "agent.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, path := range []string{fifo, "/dev/zero", t.TempDir()} {
		done := make(chan error, 1)
		go func() { _, err := ReadMessages(path); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, safefile.ErrNotRegular) {
				t.Errorf("%s: err %v, want ErrNotRegular", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: reading the transcript hangs", path)
		}
	}
}
