//go:build unix

package workflow

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestSubagentTranscriptNotRegular: a subagent whose transcript is a FIFO cannot be shown to be a
// /mc-review: it is let finish at once, without hanging the hook (package transcript refuses the
// FIFO), and its words are not read for a score.
func TestSubagentTranscriptNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "agent.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	f := newFixture(t)
	f.prompt("/mc fix it")
	if out := f.subagent("Score: 3/10", fifo); out != nil {
		t.Errorf("a subagent with a FIFO transcript: got %+v, want it let finish", out)
	}
	if score := f.only().ExpertReviewScore; score != nil {
		t.Errorf("score %v, want none recorded", *score)
	}
}
