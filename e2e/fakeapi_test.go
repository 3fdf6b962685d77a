//go:build unix

package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestFakeAPIStreamsReply checks the event sequence Claude Code consumes and
// that a tool call's input survives the input_json_delta round trip.
func TestFakeAPIStreamsReply(t *testing.T) {
	t.Parallel()
	api := StartFakeAPI(t, func(r *Request) Reply {
		return Call("AskUserQuestion", askInput(), "Let me ask.")
	})
	body := `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"AskUserQuestion"}]}`
	resp, err := http.Post(api.URL+"/v1/messages?beta=true", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var names []string
	var input strings.Builder
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			names = append(names, name)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok && strings.Contains(data, "input_json_delta") {
			var ev struct {
				Delta struct {
					PartialJSON string `json:"partial_json"`
				} `json:"delta"`
			}
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Fatal(err)
			}
			input.WriteString(ev.Delta.PartialJSON)
		}
	}
	want := "message_start content_block_start content_block_delta content_block_stop " +
		"content_block_start content_block_delta content_block_stop message_delta message_stop"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("events:\n got %s\nwant %s", got, want)
	}
	wantInput, _ := json.Marshal(askInput())
	if input.String() != string(wantInput) {
		t.Errorf("tool input = %s, want %s", input.String(), wantInput)
	}
	reqs := api.Requests()
	if len(reqs) != 1 || !reqs[0].IsAgent() || reqs[0].Body.Messages[0].Texts()[0] != "hi" {
		t.Errorf("recorded %+v", reqs)
	}
}

// TestFakeAPIOtherEndpoints checks count_tokens, non-streaming replies and
// unknown paths.
func TestFakeAPIOtherEndpoints(t *testing.T) {
	t.Parallel()
	api := StartFakeAPI(t, func(r *Request) Reply { return Verdict(true, "ok") })
	tests := []struct {
		name, path, body string
		status           int
		want             string
	}{
		{"count tokens", "/v1/messages/count_tokens?beta=true", `{"messages":[]}`, 200, `"input_tokens"`},
		{"non-streaming", "/v1/messages", `{"model":"m","messages":[{"role":"user","content":"## Your tools"}],"tools":[{"name":"Bash"}]}`, 200, `allow_stop\":true`},
		{"unknown", "/api/unknown", `{}`, 404, `not_found_error`},
	}
	for _, tt := range tests {
		resp, err := http.Post(api.URL+tt.path, "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.Contains(string(data), tt.want) {
			t.Errorf("%s: %d %s, want %d containing %s", tt.name, resp.StatusCode, data, tt.status, tt.want)
		}
	}
	if n := len(api.Supervisor()); n != 1 {
		t.Errorf("supervisor requests = %d, want 1", n)
	}
}

// TestRequestHelpers checks how conversations are read.
func TestRequestHelpers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		body       string
		supervisor bool
		agent      bool
		lastResult string
		contains   string
	}{
		{
			name:     "string content",
			body:     `{"messages":[{"role":"user","content":"hello"}],"tools":[{"name":"Bash"}]}`,
			agent:    true,
			contains: "hello",
		},
		{
			name: "tool result as blocks",
			body: `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","is_error":true,` +
				`"content":[{"type":"text","text":"denied"}]}]},{"role":"user","content":"## Your tools\n…"}],"tools":[{"name":"Bash"}]}`,
			supervisor: true,
			lastResult: "denied",
			contains:   "denied",
		},
		{
			name: "side call without tools",
			body: `{"messages":[{"role":"user","content":[{"type":"text","text":"title?"}]}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Request{Method: http.MethodPost, Path: "/v1/messages"}
			if err := json.Unmarshal([]byte(tt.body), &r.Body); err != nil {
				t.Fatal(err)
			}
			if r.IsSupervisor() != tt.supervisor || r.IsAgent() != tt.agent {
				t.Errorf("supervisor %v agent %v, want %v %v", r.IsSupervisor(), r.IsAgent(), tt.supervisor, tt.agent)
			}
			res, _ := r.LastToolResult()
			if res.ResultText() != tt.lastResult {
				t.Errorf("last tool result %q, want %q", res.ResultText(), tt.lastResult)
			}
			if tt.contains != "" && !r.Contains(tt.contains) {
				t.Errorf("does not contain %q: %q", tt.contains, r.Texts())
			}
		})
	}
}
