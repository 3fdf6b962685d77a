package transcript

import (
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Records of a fired wake-up as Claude Code 2.1.328 and 2.1.332 write them before its
// UserPromptSubmit runs (shortened).
const (
	fire    = `{"type":"system","subtype":"scheduled_task_fire","content":"Claude resuming /loop wakeup (Nov 25 2:42pm)","isMeta":false,"uuid":"f1","taskId":"f6605ddc","cron":"42 14 * * *","prompt":"fixed, check the deploy"}` + "\n"
	dequeue = `{"type":"queue-operation","operation":"dequeue","timestamp":"2026-11-25T14:42:00.149Z"}` + "\n"
)

func TestByClaude(t *testing.T) {
	tests := []struct {
		name, transcript, prompt string
		want                     bool
	}{
		{"a background task's notification", typed, "<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>", true},
		{"a fired wake-up", typed + reply + fire + dequeue, "fixed, check the deploy", true},
		{"typed after a wake-up fired earlier", typed + reply + fire + dequeue + woken + reply, "fixed, check the deploy", false},
		{"another prompt than the one fired", typed + reply + fire + dequeue, "fixed", false},
		{"typed", typed + reply, "fixed", false},
		{"no transcript yet", "", "fixed", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if tt.transcript != "" {
				testfs.Write(t, path, tt.transcript, 0o600)
			}
			if got := ByClaude(path, tt.prompt); got != tt.want {
				t.Errorf("ByClaude = %v, want %v", got, tt.want)
			}
		})
	}
	if ByClaude("", "fixed") {
		t.Error("no transcript named: Claude's")
	}
}
