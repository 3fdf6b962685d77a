package turn

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Records as Claude Code writes them into a session transcript (shortened; docs/claude-code.md).
const (
	typed     = `{"type":"user","promptId":"p-typed","origin":{"kind":"human"},"message":{"role":"user","content":"fix the login bug"},"uuid":"u1"}` + "\n"
	reply     = `{"type":"assistant","promptId":"p-typed","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]},"uuid":"a1"}` + "\n"
	feedback  = `{"type":"user","promptId":"p-typed","isMeta":true,"origin":{"kind":"hook"},"message":{"role":"user","content":"Stop hook feedback:\nrun the tests"},"uuid":"u2"}` + "\n"
	result    = `{"type":"user","promptId":"p-typed","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"ok"}]},"uuid":"u3"}` + "\n"
	notified  = `{"type":"user","promptId":"p-task","origin":{"kind":"task-notification"},"message":{"role":"user","content":"<task-notification>\n<status>completed</status>\n</task-notification>"},"uuid":"u4"}` + "\n"
	scheduled = `{"type":"user","promptId":"p-wake","origin":{"kind":"task-notification","subkind":"scheduled-trigger"},"message":{"role":"user","content":"check the deploy"},"uuid":"u5"}` + "\n"
)

func TestOpenedBy(t *testing.T) {
	transcript := typed + reply + feedback + reply + result + reply + notified + reply + scheduled
	tests := []struct {
		name, data, prompt string
		want               Opener
	}{
		{"a prompt the user typed", transcript, "p-typed", User},
		{"a background task's notification", transcript, "p-task", Claude},
		{"a scheduled wake-up", transcript, "p-wake", Claude},
		{"a turn not written yet", transcript, "p-later", Unknown},
		{"only its feedback and tool results written", feedback + result, "p-typed", Unknown},
		{"a torn last line", typed[:40], "p-typed", Unknown},
		{"a record naming the prompt in its text only", `{"type":"user","promptId":"x","origin":{"kind":"human"},"message":{"content":"p-typed"}}` + "\n", "p-typed", Unknown},
		{"an assistant record with an origin", `{"type":"assistant","promptId":"p-typed","origin":{"kind":"human"}}` + "\n", "p-typed", Unknown},
		{"an origin that is not an object", `{"type":"user","promptId":"p-typed","origin":"human"}` + "\n", "p-typed", Unknown},
		{"no line end after the opener", strings.TrimSuffix(typed, "\n"), "p-typed", User},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			testfs.Write(t, path, tt.data, 0o600)
			if got := OpenedBy(path, tt.prompt); got != tt.want {
				t.Errorf("OpenedBy = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestOpenedByCannotRead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{"missing": filepath.Join(dir, "none.jsonl"), "a directory": dir, "a FIFO": fifo, "none named": ""} {
		if got := OpenedBy(path, "p-typed"); got != Unknown {
			t.Errorf("%s: OpenedBy = %v, want unknown", name, got)
		}
	}
	path := filepath.Join(dir, "s.jsonl")
	testfs.Write(t, path, typed, 0o600)
	if got := OpenedBy(path, ""); got != Unknown {
		t.Errorf("no prompt_id: OpenedBy = %v, want unknown", got)
	}
}

// Only the tail is read: an opener further back than MaxTail is not found, one within it is,
// and a first line cut by the tail's start is skipped.
func TestOpenedByReadsTheTail(t *testing.T) {
	filler := strings.Repeat(reply, MaxTail/len(reply)+1)
	dir := t.TempDir()
	far := filepath.Join(dir, "far.jsonl")
	testfs.Write(t, far, typed+filler, 0o600)
	if got := OpenedBy(far, "p-typed"); got != Unknown {
		t.Errorf("opener before the tail: %v, want unknown", got)
	}
	near := filepath.Join(dir, "near.jsonl")
	testfs.Write(t, near, filler+typed+reply, 0o600)
	if got := OpenedBy(near, "p-typed"); got != User {
		t.Errorf("opener in the tail: %v, want user", got)
	}
	// The opener's own line cut by the tail's first byte: not found, never misread.
	cut := filepath.Join(dir, "cut.jsonl")
	testfs.Write(t, cut, typed+strings.Repeat("x", MaxTail-len(typed)/2)+"\n", 0o600)
	if got := OpenedBy(cut, "p-typed"); got != Unknown {
		t.Errorf("opener cut by the tail: %v, want unknown", got)
	}
	if fi, err := os.Stat(cut); err != nil || fi.Size() <= MaxTail {
		t.Fatalf("the cut transcript is not longer than the tail: %v", err)
	}
}

func TestOpenerString(t *testing.T) {
	for o, want := range map[Opener]string{User: "user", Claude: "claude", Unknown: "unknown"} {
		if o.String() != want {
			t.Errorf("%d.String() = %q, want %q", o, o.String(), want)
		}
	}
}
