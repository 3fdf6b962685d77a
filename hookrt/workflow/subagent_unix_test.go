//go:build unix

package workflow

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestSubagentTranscriptNotRegular: a subagent whose transcript is a FIFO is judged by
// last_assistant_message alone, without hanging the hook (package transcript refuses the FIFO):
// its task prompt cannot be read, so only a labelled score line makes it a review.
func TestSubagentTranscriptNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "agent.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	f := newFixture(t)
	f.prompt("/mc fix it")
	if out := f.subagent("found 3/10 of the files", fifo); out != nil {
		t.Errorf("a subagent with a FIFO transcript and no score line: got %+v, want it let finish", out)
	}
	if out := f.subagent("Score: 9/10", fifo); out != nil {
		t.Errorf("a review scoring 9/10 with a FIFO transcript: got %+v, want it allowed", out)
	}
	if score := f.only().ExpertReviewScore; score == nil || *score != 9 {
		t.Errorf("score %v, want 9 recorded", score)
	}
}
