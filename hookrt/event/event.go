// Package event parses the JSON event Claude Code sends a command hook on stdin and models the
// one JSON object a hook may answer with on stdout.
package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxInput is the largest event accepted on stdin.
const MaxInput = 8 << 20

// Event names ccc-hooks reacts to.
const (
	Stop             = "Stop"
	SubagentStop     = "SubagentStop"
	PreToolUse       = "PreToolUse"
	UserPromptSubmit = "UserPromptSubmit"
)

// AskUserQuestion is the tool name of Claude Code's question tool.
const AskUserQuestion = "AskUserQuestion"

// Event is one parsed hook event. Unknown fields are ignored; Raw keeps the whole input.
type Event struct {
	SessionID            string          `json:"session_id"`
	Name                 string          `json:"hook_event_name"`
	CWD                  string          `json:"cwd"`
	TranscriptPath       string          `json:"transcript_path"`
	PromptID             string          `json:"prompt_id"`
	PermissionMode       string          `json:"permission_mode"`
	ToolName             string          `json:"tool_name"`
	ToolInput            json.RawMessage `json:"tool_input"`
	StopHookActive       bool            `json:"stop_hook_active"`
	Prompt               string          `json:"prompt"`
	LastAssistantMessage string          `json:"last_assistant_message"`
	AgentID              string          `json:"agent_id"`
	AgentType            string          `json:"agent_type"`
	AgentTranscriptPath  string          `json:"agent_transcript_path"`

	Raw []byte `json:"-"`
}

// ParseError is returned for input that is not a usable event.
type ParseError struct{ Err error }

func (e *ParseError) Error() string { return "failed to parse hook input: " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

// ValidSessionID reports whether id can safely name files and be passed to claude:
// [A-Za-z0-9._-]{1,128}, not "." or "..", and not starting with "-" (an option to claude).
func ValidSessionID(id string) bool {
	if id == "" || len(id) > 128 || id == "." || id == ".." || id[0] == '-' {
		return false
	}
	for i := range len(id) {
		switch c := id[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// CheckSessionID returns a *ParseError saying why id is not a valid session_id, or nil.
func CheckSessionID(id string) error {
	switch {
	case id == "":
		return &ParseError{errors.New("missing session_id")}
	case id[0] == '-' && ValidSessionID("_"+id[1:]):
		return &ParseError{fmt.Errorf("unsafe session_id %q: must not start with -", id)}
	case !ValidSessionID(id):
		return &ParseError{fmt.Errorf("unsafe session_id %q: want [A-Za-z0-9._-]{1,128}", id)}
	}
	return nil
}

// Parse reads one event from r (at most MaxInput bytes). The event name defaults to Stop.
func Parse(r io.Reader) (*Event, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, &ParseError{fmt.Errorf("read stdin: %w", err)}
	}
	if len(data) > MaxInput {
		return nil, &ParseError{fmt.Errorf("input is larger than %d bytes", MaxInput)}
	}
	return ParseBytes(data)
}

// ParseBytes parses one event held in data.
func ParseBytes(data []byte) (*Event, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, &ParseError{errors.New("empty input")}
	}
	if trimmed[0] != '{' {
		return nil, &ParseError{errors.New("input is not a JSON object")}
	}
	var ev Event
	if err := json.Unmarshal(trimmed, &ev); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, &ParseError{fmt.Errorf("field %s: want %s, found %s", typeErr.Field, typeErr.Type, typeErr.Value)}
		}
		return nil, &ParseError{fmt.Errorf("invalid JSON: %w", err)}
	}
	if err := CheckSessionID(ev.SessionID); err != nil {
		return nil, err
	}
	if ev.Name == "" {
		ev.Name = Stop
	}
	ev.Raw = data
	return &ev, nil
}

// Output is the one JSON object a hook writes to stdout. A nil *Output means print nothing.
type Output struct {
	Decision           string        `json:"decision,omitempty"`
	Reason             *string       `json:"reason,omitempty"`
	HookSpecificOutput *HookSpecific `json:"hookSpecificOutput,omitempty"`
	// SystemMessage is shown to the user by Claude Code (not to the model).
	SystemMessage string `json:"systemMessage,omitempty"`
}

// HookSpecific is the hookSpecificOutput object.
type HookSpecific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
	// UpdatedInput, with an allow, is the tool input Claude Code runs the tool with instead.
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
}

// Write encodes o as one line of JSON to w; a nil o writes nothing.
func (o *Output) Write(w io.Writer) error {
	if o == nil {
		return nil
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(o)
}

// Block returns a Stop-style blocking decision with reason.
func Block(reason string) *Output { return &Output{Decision: "block", Reason: &reason} }

// Allow returns a Stop-style non-blocking answer carrying reason.
func Allow(reason string) *Output { return &Output{Reason: &reason} }

// Permission returns a PreToolUse decision ("allow", "deny" or "ask") with reason.
func Permission(decision, reason string) *Output {
	return &Output{HookSpecificOutput: &HookSpecific{
		HookEventName:            PreToolUse,
		PermissionDecision:       decision,
		PermissionDecisionReason: reason,
	}}
}

// Context returns an answer that adds text to the model's context for event name.
func Context(name, text string) *Output {
	return &Output{HookSpecificOutput: &HookSpecific{HookEventName: name, AdditionalContext: text}}
}
