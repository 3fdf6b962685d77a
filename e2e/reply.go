//go:build unix

package e2e

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// Reply is what the fake model answers to one Messages request.
type Reply struct {
	Blocks []Block
	// StopReason defaults to "tool_use" when a block calls a tool and to
	// "end_turn" otherwise.
	StopReason string
	// Refused, when set, is the message of a 400 invalid_request_error the API answers
	// instead: Claude Code does not retry it.
	Refused string
	// LimitResets, when set, makes the API answer instead that the account hit its usage limit
	// until then (UsageLimit).
	LimitResets time.Time
	// RateLimited makes the API answer instead with a rate limit that names no reset
	// (RateLimit).
	RateLimited bool
}

// Block is one content block of a Reply: text, or a tool call when Tool is set.
type Block struct {
	Text  string
	Tool  string
	Input any
}

// Say is a reply made of one text block that ends the turn.
func Say(text string) Reply {
	return Reply{Blocks: []Block{{Text: text}}}
}

// Call is a reply that calls one tool, optionally after some text.
func Call(tool string, input any, text string) Reply {
	var blocks []Block
	if text != "" {
		blocks = append(blocks, Block{Text: text})
	}
	return Reply{Blocks: append(blocks, Block{Tool: tool, Input: input})}
}

// Verdict is the supervisor's final answer: a few words, then the verdict as a fenced JSON block,
// as the review prompt asks (fakereview.Verdict, the text the hook tests' fake reviewers end with).
func Verdict(allowStop bool, feedback string) Reply {
	return Say(fakereview.Verdict(allowStop, feedback))
}

// Refuse is an error answer of the API: a 400 invalid_request_error with message.
func Refuse(message string) Reply { return Reply{Refused: message} }

// UsageLimit is the API's answer to an account that hit its 5-hour usage limit, which resets at
// resets: a 429 rate_limit_error with the headers of Anthropic's unified rate limiter
// (anthropic-ratelimit-unified-status rejected, -reset the reset's Unix time, and
// -representative-claim five_hour naming the limit). Claude Code turns it into "You've hit your
// 5-hour limit · resets <time> (<zone>)" where it takes the limiter's headers as the account's
// (a claude.ai sign-in, or a gateway token: GatewayToken); with an API key it says "Request
// rejected (429)" (docs/claude-code.md, "A reviewer out of quota").
func UsageLimit(resets time.Time) Reply { return Reply{LimitResets: resets} }

// GatewayToken is a bearer token (ANTHROPIC_AUTH_TOKEN) that Claude Code takes for an
// organization gateway's: a JWT whose audience is claude-gateway. Its signature is not checked
// by the client; the fake API checks nothing.
func GatewayToken() string {
	part := func(v string) string { return base64.RawURLEncoding.EncodeToString([]byte(v)) }
	return part(`{"alg":"none","typ":"JWT"}`) + "." + part(`{"aud":"claude-gateway","exp":4102444800}`) + ".e2e"
}

// writeUsageLimit answers as UsageLimit describes.
func writeUsageLimit(w http.ResponseWriter, resets time.Time) {
	h := w.Header()
	h.Set("anthropic-ratelimit-unified-status", "rejected")
	h.Set("anthropic-ratelimit-unified-reset", strconv.FormatInt(resets.Unix(), 10))
	h.Set("anthropic-ratelimit-unified-representative-claim", "five_hour")
	h.Set("anthropic-ratelimit-unified-5h-status", "rejected")
	h.Set("anthropic-ratelimit-unified-5h-reset", strconv.FormatInt(resets.Unix(), 10))
	h.Set("retry-after", strconv.Itoa(max(1, int(time.Until(resets).Seconds()))))
	h.Set("x-should-retry", "false")
	writeAPIError(w, http.StatusTooManyRequests, "rate_limit_error", "This request would exceed your account's rate limit.")
}

// RateLimit is the API's answer to a key over its rate limit: a 429 rate_limit_error, retry-after
// one second, and none of the unified limiter's headers. Claude Code retries it (as many times
// as CLAUDE_CODE_MAX_RETRIES allows), then reports "API Error: Request rejected (429) · <the
// message>", naming no reset (docs/claude-code.md, "A reviewer out of quota").
func RateLimit() Reply { return Reply{RateLimited: true} }

// rateLimitMessage is the message of RateLimit's answer.
const rateLimitMessage = "This request would exceed your organization's rate limit. Please try again later."

// writeRateLimit answers as RateLimit describes.
func writeRateLimit(w http.ResponseWriter) {
	w.Header().Set("retry-after", "1")
	writeAPIError(w, http.StatusTooManyRequests, "rate_limit_error", rateLimitMessage)
}

func (r Reply) stopReason() string {
	if r.StopReason != "" {
		return r.StopReason
	}
	for _, b := range r.Blocks {
		if b.Tool != "" {
			return "tool_use"
		}
	}
	return "end_turn"
}

// wireBlock is a content block as the Messages API returns it; ids are
// assigned by the server so that every tool call is unique.
type wireBlock struct {
	Type  string          `json:"type"`
	Text  *string         `json:"text,omitempty"`
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
}

func (r Reply) wireBlocks(nextID func() string) ([]wireBlock, error) {
	out := make([]wireBlock, 0, len(r.Blocks))
	for _, b := range r.Blocks {
		if b.Tool == "" {
			text := b.Text
			out = append(out, wireBlock{Type: "text", Text: &text})
			continue
		}
		input, err := json.Marshal(b.Input)
		if err != nil {
			return nil, fmt.Errorf("marshal input of %s: %w", b.Tool, err)
		}
		if b.Input == nil {
			input = []byte("{}")
		}
		out = append(out, wireBlock{Type: "tool_use", ID: nextID(), Name: b.Tool, Input: input})
	}
	return out, nil
}

// Cache is what the fake's prompt cache did for one request, in tokens (see FakeAPI.cacheUse).
type Cache struct{ Read, Written int }

func usage(outputTokens int, c Cache) map[string]int {
	return map[string]int{
		"input_tokens": 12, "output_tokens": outputTokens,
		"cache_creation_input_tokens": c.Written, "cache_read_input_tokens": c.Read,
	}
}

// writeJSONMessage answers a non-streaming Messages request.
func writeJSONMessage(w http.ResponseWriter, msgID, model string, blocks []wireBlock, stop string, c Cache) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": msgID, "type": "message", "role": "assistant", "model": model,
		"content": blocks, "stop_reason": stop, "stop_sequence": nil, "usage": usage(8, c),
	})
}

// writeStream answers a streaming Messages request with server-sent events.
func writeStream(w http.ResponseWriter, msgID, model string, blocks []wireBlock, stop string, c Cache) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	ev := func(name string, data any) {
		writeEvent(w, name, data)
	}
	ev("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": msgID, "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": usage(1, c),
	}})
	for i, b := range blocks {
		switch b.Type {
		case "text":
			ev("content_block_start", map[string]any{
				"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""},
			})
			ev("content_block_delta", map[string]any{
				"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": *b.Text},
			})
		case "tool_use":
			ev("content_block_start", map[string]any{
				"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}},
			})
			ev("content_block_delta", map[string]any{
				"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(b.Input)},
			})
		}
		ev("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	ev("message_delta", map[string]any{
		"type":  "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 8},
	})
	ev("message_stop", map[string]any{"type": "message_stop"})
}

func writeEvent(w io.Writer, name string, data any) {
	payload, _ := json.Marshal(data)
	_, _ = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, payload) // a client that hung up is the test's to report
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
