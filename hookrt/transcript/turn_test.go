package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Records as Claude Code 2.1.328 and 2.1.332 write them into a session transcript, shortened to
// the fields that matter (docs/claude-code.md).
const (
	typed      = `{"promptId":"p-typed","type":"user","message":{"role":"user","content":"fix the login bug"},"uuid":"u1","origin":{"kind":"human"},"promptSource":"typed","turnOrigin":"human","turnPosition":{"promptIndex":1,"turnIndex":1}}` + "\n"
	reply      = `{"promptId":"p-typed","type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]},"uuid":"a1"}` + "\n"
	feedback   = `{"promptId":"p-typed","type":"user","message":{"role":"user","content":"Stop hook feedback:\nrun the tests"},"isMeta":true,"uuid":"u2"}` + "\n"
	result     = `{"promptId":"p-typed","type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"ok"}]},"uuid":"u3"}` + "\n"
	notified   = `{"promptId":"p-task","type":"user","message":{"role":"user","content":"<task-notification>\n<status>completed</status>\n</task-notification>"},"uuid":"u4","origin":{"kind":"task-notification","producer":"session-task","runId":"r1"},"promptSource":"system","turnOrigin":"task_notification","turnPosition":{"promptIndex":1,"turnIndex":2}}` + "\n"
	woken      = `{"promptId":"p-wake","type":"user","message":{"role":"user","content":"check the deploy"},"isMeta":true,"uuid":"u5","promptSource":"system","wakeupSource":"loop_wakeup","scheduledTaskId":"f6605ddc","turnOrigin":"scheduled","turnPosition":{"promptIndex":1,"turnIndex":3}}` + "\n"
	printed    = `{"promptId":"p-print","type":"user","message":{"role":"user","content":"fix it"},"uuid":"u6","promptSource":"sdk","turnOrigin":"sdk","turnPosition":{"promptIndex":0,"turnIndex":1}}` + "\n"
	queued     = `{"parentUuid":"a1","attachment":{"type":"queued_command","prompt":"please also do this","commandMode":"prompt","origin":{"kind":"human"},"humanTurn":true},"type":"attachment","uuid":"q1"}` + "\n"
	queuedTask = `{"parentUuid":"a1","attachment":{"type":"queued_command","prompt":"<task-notification>","commandMode":"task-notification","origin":{"kind":"task-notification"}},"type":"attachment","uuid":"q2"}` + "\n"
	oldTyped   = `{"promptId":"p-old","type":"user","message":{"role":"user","content":"hi"},"uuid":"u7","origin":{"kind":"human"}}` + "\n"
	oldTask    = `{"promptId":"p-oldtask","type":"user","message":{"role":"user","content":"<task-notification>"},"uuid":"u8","origin":{"kind":"task-notification"}}` + "\n"
)

func TestReadTurn(t *testing.T) {
	session := typed + reply + feedback + reply + result + reply + notified + reply + woken + reply
	tests := []struct {
		name, data, prompt string
		want               Turn
	}{
		{"a prompt the user typed", session, "p-typed", Turn{User, "prompt:p-typed"}},
		{"a background task's notification", session, "p-task", Turn{Claude, "prompt:p-typed"}},
		{"a scheduled wake-up (a meta record)", session, "p-wake", Turn{Claude, "prompt:p-typed"}},
		{"claude -p", printed + reply, "p-print", Turn{User, "prompt:p-print"}},
		{"a turn not written yet", session, "p-later", Turn{Unknown, "prompt:p-typed"}},
		{"typed while the agent worked", session + queued + reply, "p-wake", Turn{Claude, "queued:q1"}},
		{"a task's notification queued into a turn", typed + queuedTask, "p-typed", Turn{User, "prompt:p-typed"}},
		{"typed after a queued message", queued + typed, "p-typed", Turn{User, "prompt:p-typed"}},
		{"records with origin only", oldTyped + oldTask, "p-oldtask", Turn{Claude, "prompt:p-old"}},
		{"only its feedback and tool results written", feedback + result, "p-typed", Turn{}},
		{"a torn last line", typed[:60], "p-typed", Turn{}},
		{"no line end after the opener", strings.TrimSuffix(typed, "\n"), "p-typed", Turn{User, "prompt:p-typed"}},
		{"an assistant record with a turn origin", `{"type":"assistant","promptId":"p-typed","turnOrigin":"human"}` + "\n", "p-typed", Turn{}},
		{"an opener of a kind not known here", `{"type":"user","promptId":"p-x","turnOrigin":"voice-call"}` + "\n", "p-x", Turn{}},
		{"no prompt asked about", session, "", Turn{Unknown, "prompt:p-typed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			testfs.Write(t, path, tt.data, 0o600)
			if got := ReadTurn(path, tt.prompt); got != tt.want {
				t.Errorf("ReadTurn = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// Only the tail is read: an opener further back than turnTail is not found, one within it is,
// and a first line cut by the tail's start is skipped.
func TestReadTurnReadsTheTail(t *testing.T) {
	filler := strings.Repeat(reply, turnTail/len(reply)+1)
	dir := t.TempDir()
	far := filepath.Join(dir, "far.jsonl")
	testfs.Write(t, far, typed+filler, 0o600)
	if got := ReadTurn(far, "p-typed"); got != (Turn{}) {
		t.Errorf("opener before the tail: %+v, want nothing", got)
	}
	near := filepath.Join(dir, "near.jsonl")
	testfs.Write(t, near, filler+typed+reply, 0o600)
	if got := ReadTurn(near, "p-typed"); got.Opener != User {
		t.Errorf("opener in the tail: %+v, want user", got)
	}
	// The opener's own line cut by the tail's first byte: not found, never misread.
	cut := filepath.Join(dir, "cut.jsonl")
	testfs.Write(t, cut, typed+strings.Repeat("x", turnTail-len(typed)/2)+"\n", 0o600)
	if got := ReadTurn(cut, "p-typed"); got != (Turn{}) {
		t.Errorf("opener cut by the tail: %+v, want nothing", got)
	}
	if fi, err := os.Stat(cut); err != nil || fi.Size() <= turnTail {
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

// String names o in the tests' messages.
func (o Opener) String() string {
	switch o {
	case User:
		return "user"
	case Claude:
		return "claude"
	}
	return "unknown"
}
