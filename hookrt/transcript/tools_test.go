package transcript

import (
	"slices"
	"testing"
)

// Assistant records with tool calls, as Claude Code 2.1.328 and 2.1.332 write them (shortened).
const (
	readCall = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Read","input":{"file_path":"/p/a.go"}}]},"uuid":"a2"}` + "\n"
	twoCalls = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Looking."},{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}},{"type":"mcp_tool_use","id":"mcptoolu_1","name":"glossary","input":{}}]},"uuid":"a3"}` + "\n"
	goalCall = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_2","name":"SetGoal","input":{}}]},"uuid":"a4"}` + "\n"
)

func TestToolCalls(t *testing.T) {
	tests := []struct {
		name, data string
		want       []string
	}{
		{"every kind of call, in order", readCall + reply + twoCalls + goalCall, []string{"Read", "web_search", "glossary", "SetGoal"}},
		{"a tool result is no call", result, nil},
		{"tool_use named in words", feedback + `{"type":"user","message":{"role":"user","content":"what is tool_use?"}}` + "\n", nil},
		{"a user record shaped like a call", `{"type":"user","message":{"content":[{"type":"tool_use","name":"Read"}]}}` + "\n", nil},
		{"a call still being written", readCall[:len(readCall)-5], nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for name := range ToolCalls([]byte(tt.data)) {
				got = append(got, name)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ToolCalls = %v, want %v", got, tt.want)
			}
		})
	}
	for range ToolCalls([]byte(twoCalls + readCall)) {
		break // a caller may stop at the first call
	}
}
