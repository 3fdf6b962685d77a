package transcript

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestReadMessages(t *testing.T) {
	task := `{"type":"user","message":{"role":"user","content":"/mc-review the login fix"},"uuid":"u0"}` + "\n"
	parts := `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Score: 9/10"},{"type":"tool_use","id":"t","name":"Read","input":{}},{"type":"text","text":"Verified."}]}}` + "\n"
	roleless := `{"type":"assistant","message":{"content":"Score: 4/10"}}` + "\n"
	system := `{"type":"system","subtype":"informational","content":"Score: 1/10"}` + "\n"
	tests := []struct {
		name, data string
		want       Messages
	}{
		{"the task and the last answer", task + reply + typed + parts + readCall + result, Messages{"/mc-review the login fix", "Score: 9/10\nVerified."}},
		{"a role from the record's type", task + roleless + system, Messages{"/mc-review the login fix", "Score: 4/10"}},
		{"lines that are not JSON", "{\n" + task + "Score: 2/10\n", Messages{FirstUser: "/mc-review the login fix"}},
		{"only tool results from the user", result + reply, Messages{LastAssistant: "Done."}},
		{"empty", "", Messages{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadMessages(write(t, tt.data))
			if err != nil || got != tt.want {
				t.Errorf("ReadMessages = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
	for name, path := range map[string]string{"none named": "", "missing": filepath.Join(t.TempDir(), "none.jsonl")} {
		if got, err := ReadMessages(path); err != nil || got != (Messages{}) {
			t.Errorf("%s: ReadMessages = %+v, %v; want no messages and no error", name, got, err)
		}
	}
}

// The task prompt is looked for in the head only, the answer in the tail only.
func TestReadMessagesSlices(t *testing.T) {
	task := `{"type":"user","message":{"role":"user","content":"/mc-review the login fix"}}` + "\n"
	filler := strings.Repeat(reply, messagesHead/len(reply)+1)
	if got, err := ReadMessages(write(t, filler+task)); err != nil || got.FirstUser != "" {
		t.Errorf("a task prompt after the head: %+v, %v; want none", got, err)
	}
	answer := `{"type":"assistant","message":{"role":"assistant","content":"Score: 9/10"}}` + "\n"
	long := strings.Repeat(task, messagesTail/len(task)+1)
	if got, err := ReadMessages(write(t, answer+long)); err != nil || got.LastAssistant != "" || got.FirstUser == "" {
		t.Errorf("an answer before the tail: %+v, %v; want none", got, err)
	}
}
