//go:build unix

package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// Request is one HTTP request received by the fake API, kept for assertions.
type Request struct {
	// Seq numbers the requests in arrival order, from 1.
	Seq int
	// At is when the request arrived.
	At     time.Time
	Method string
	Path   string
	Query  string
	Header http.Header
	Raw    []byte
	// Body is the parsed body of a Messages API call (zero for other paths).
	Body MessagesBody
}

// MessagesBody is the part of a Messages API request body the tests look at.
type MessagesBody struct {
	Model     string          `json:"model"`
	Stream    bool            `json:"stream"`
	MaxTokens int             `json:"max_tokens"`
	System    json.RawMessage `json:"system"`
	Messages  []Message       `json:"messages"`
	Tools     []Tool          `json:"tools"`
}

// Tool is one entry of a request's tools list.
type Tool struct {
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// Message is one conversation turn. Content is always a list of blocks; a
// plain string content is read as a single text block.
type Message struct {
	Role    string
	Content []ContentBlock
}

// UnmarshalJSON accepts both the string and the block-list form of content.
func (m *Message) UnmarshalJSON(data []byte) error {
	var raw struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	m.Role = raw.Role
	var text string
	if err := json.Unmarshal(raw.Content, &text); err == nil {
		m.Content = []ContentBlock{{Type: "text", Text: text}}
		return nil
	}
	return json.Unmarshal(raw.Content, &m.Content)
}

// ContentBlock is a text, tool_use or tool_result block.
type ContentBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

// ResultText is the text of a tool_result block, whose content is either a
// string or a list of text blocks.
func (b ContentBlock) ResultText() string {
	var s string
	if err := json.Unmarshal(b.Content, &s); err == nil {
		return s
	}
	var blocks []ContentBlock
	if err := json.Unmarshal(b.Content, &blocks); err != nil {
		return string(b.Content)
	}
	parts := make([]string, 0, len(blocks))
	for _, c := range blocks {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, "\n")
}

// IsMessages reports whether the request is a Messages API call (not
// count_tokens or anything else).
func (r *Request) IsMessages() bool {
	return r.Method == http.MethodPost && r.Path == "/v1/messages"
}

// HasTool reports whether the request offers the model the named tool.
func (r *Request) HasTool(name string) bool {
	for _, t := range r.Body.Tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// ReviewPromptMarker is a heading of every review prompt ccc-hooks gives its reviewer (English
// prompt; it follows the built-in instructions and SUPERVISOR.md alike).
const ReviewPromptMarker = "## Your tools"

// IsSupervisor reports whether the request comes from a supervisor session: its conversation
// carries the review prompt. (The reviewer has the session's own tools, so they cannot tell.)
func (r *Request) IsSupervisor() bool {
	return r.IsMessages() && len(r.Body.Tools) > 0 && r.Contains(ReviewPromptMarker)
}

// IsSDK reports whether the request comes from a `claude -p` process (the User-Agent names the
// sdk-cli entry point), as the reviewer and its subagents do; an interactive session's says cli.
func (r *Request) IsSDK() bool {
	return strings.Contains(r.Header.Get("User-Agent"), "sdk-cli")
}

// IsAgent reports whether the request is a turn of an ordinary agent
// session: a Messages call with tools that is not the supervisor's.
// Side calls Claude Code makes without tools (titles, summaries) are neither.
func (r *Request) IsAgent() bool {
	return r.IsMessages() && len(r.Body.Tools) > 0 && !r.IsSupervisor()
}

// ToolResults lists every tool_result block of the conversation, oldest first.
func (r *Request) ToolResults() []ContentBlock {
	var out []ContentBlock
	for _, m := range r.Body.Messages {
		for _, b := range m.Content {
			if b.Type == "tool_result" {
				out = append(out, b)
			}
		}
	}
	return out
}

// LastToolResult is the newest tool_result block, if any.
func (r *Request) LastToolResult() (ContentBlock, bool) {
	results := r.ToolResults()
	if len(results) == 0 {
		return ContentBlock{}, false
	}
	return results[len(results)-1], true
}

// Texts lists the text of every text block and tool result of the
// conversation, oldest first.
func (r *Request) Texts() []string {
	var out []string
	for _, m := range r.Body.Messages {
		out = append(out, m.Texts()...)
	}
	return out
}

// Texts lists the text of the message's text blocks and tool results.
func (m Message) Texts() []string {
	var out []string
	for _, b := range m.Content {
		switch b.Type {
		case "text":
			out = append(out, b.Text)
		case "tool_result":
			out = append(out, b.ResultText())
		}
	}
	return out
}

// Contains reports whether any text of the conversation contains s.
func (r *Request) Contains(s string) bool {
	for _, t := range r.Texts() {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// CountTextsContaining counts the conversation texts that contain s.
func (r *Request) CountTextsContaining(s string) int {
	n := 0
	for _, t := range r.Texts() {
		if strings.Contains(t, s) {
			n++
		}
	}
	return n
}
