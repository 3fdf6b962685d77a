package reviewguard

import (
	"encoding/json"
	"testing"
)

// FuzzCheck: any tool name and input, well-formed or not, gets an answer and never a panic; an
// Agent call asking for isolation is never granted.
func FuzzCheck(f *testing.F) {
	f.Add("Bash", []byte(`{"command":"ls"}`))
	f.Add("Agent", []byte(`{"prompt":"review","isolation":"worktree"}`))
	f.Add("Edit", []byte(`{"file_path":"a","old_string":"x","new_string":"y"}`))
	f.Add("Read", []byte(`not json`))
	f.Fuzz(func(t *testing.T, tool string, input []byte) {
		err := Check(tool, json.RawMessage(input), defaultRules, here)
		var in struct {
			Isolation string `json:"isolation"`
		}
		if err == nil && (tool == "Agent" || tool == "Task") && json.Unmarshal(input, &in) == nil && in.Isolation != "" {
			t.Fatalf("granted an isolated %s: %s", tool, input)
		}
	})
}
