//go:build unix

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// billingHeader starts the system block in which Claude Code names its version and entry point
// (cli or sdk-cli); it differs between an interactive session and its `claude -p` fork.
const billingHeader = "x-anthropic-billing-header:"

// Part is one part of a prompt (tools, system or messages): how many bytes of the earlier
// request's part a later request repeats as a common prefix, out of how many.
type Part struct{ Shared, Total int }

// Prefix compares a request's prompt with an earlier one the way the API's prompt cache reads
// it: tools, then system, then messages, cached up to the first byte that differs.
type Prefix struct{ Tools, System, Messages Part }

// Cached is the bytes of the earlier prompt that the later one repeats before its first
// difference: what a cache written by the earlier request can serve.
func (p Prefix) Cached() int {
	n := 0
	for _, part := range []Part{p.Tools, p.System, p.Messages} {
		n += part.Shared
		if part.Shared < part.Total {
			break
		}
	}
	return n
}

// Total is the size of the earlier prompt.
func (p Prefix) Total() int { return p.Tools.Total + p.System.Total + p.Messages.Total }

func (p Prefix) String() string {
	return fmt.Sprintf("cached prefix %d of %d bytes (%.1f%%): tools %d/%d, system %d/%d, messages %d/%d",
		p.Cached(), p.Total(), 100*float64(p.Cached())/float64(max(p.Total(), 1)),
		p.Tools.Shared, p.Tools.Total, p.System.Shared, p.System.Total, p.Messages.Shared, p.Messages.Total)
}

// ComparePrefix compares later's prompt with earlier's. Tools are compared as sent. System
// blocks are compared without the billing header block, and both system and messages without
// cache_control marks (they say where a cache entry ends, not what it holds) and with a string
// content read as one text block (the same prompt to the API).
func ComparePrefix(earlier, later *Request) (Prefix, error) {
	a, err := promptParts(earlier.Raw)
	if err != nil {
		return Prefix{}, fmt.Errorf("request %d: %w", earlier.Seq, err)
	}
	b, err := promptParts(later.Raw)
	if err != nil {
		return Prefix{}, fmt.Errorf("request %d: %w", later.Seq, err)
	}
	// The earlier messages end where the later ones go on: leave out the closing bracket.
	msgs := bytes.TrimSuffix(a[2], []byte("]"))
	return Prefix{
		Tools:    Part{commonPrefix(a[0], b[0]), len(a[0])},
		System:   Part{commonPrefix(a[1], b[1]), len(a[1])},
		Messages: Part{commonPrefix(msgs, b[2]), len(msgs)},
	}, nil
}

// promptSize is the size of a request's canonical tools, system and messages.
func promptSize(raw []byte) (int, error) {
	parts, err := promptParts(raw)
	return len(parts[0]) + len(parts[1]) + len(parts[2]), err
}

// promptParts returns the canonical bytes of a request's tools, system and messages.
func promptParts(raw []byte) ([3][]byte, error) {
	var body struct {
		Tools    json.RawMessage `json:"tools"`
		System   json.RawMessage `json:"system"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	var out [3][]byte
	if err := json.Unmarshal(raw, &body); err != nil {
		return out, err
	}
	var tools bytes.Buffer
	if err := json.Compact(&tools, body.Tools); err != nil {
		return out, fmt.Errorf("tools: %w", err)
	}
	system, err := blocks(body.System)
	if err != nil {
		return out, fmt.Errorf("system: %w", err)
	}
	kept := system[:0]
	for _, b := range system {
		if text, _ := b["text"].(string); !strings.HasPrefix(text, billingHeader) {
			kept = append(kept, b)
		}
	}
	type message struct {
		Role    string           `json:"role"`
		Content []map[string]any `json:"content"`
	}
	msgs := make([]message, 0, len(body.Messages))
	for i, m := range body.Messages {
		content, err := blocks(m.Content)
		if err != nil {
			return out, fmt.Errorf("message %d: %w", i, err)
		}
		msgs = append(msgs, message{m.Role, content})
	}
	out[0] = tools.Bytes()
	if out[1], err = json.Marshal(kept); err != nil {
		return out, err
	}
	out[2], err = json.Marshal(msgs)
	return out, err
}

// blocks reads a content or system value (a string or a list of blocks) as blocks without
// cache_control.
func blocks(raw json.RawMessage) ([]map[string]any, error) {
	var text string
	if err := json.Unmarshal(raw, &text); err == nil {
		return []map[string]any{{"type": "text", "text": text}}, nil
	}
	var list []map[string]any
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	for _, b := range list {
		delete(b, "cache_control")
	}
	return list, nil
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
