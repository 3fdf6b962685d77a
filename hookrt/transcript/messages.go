package transcript

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"strings"

	"github.com/tidwall/gjson"
)

// A subagent's transcript is read for its messages in two bounded slices, whatever its size:
// its head (the task prompt is the first user message) and its tail (the final answer is the
// last assistant message).
const (
	messagesHead = 1 << 20
	messagesTail = 4 << 20
)

// Messages is what a subagent's transcript tells of its work.
type Messages struct {
	// FirstUser is the text of the first user message: the subagent's task prompt.
	FirstUser string
	// LastAssistant is the text of the last assistant message that has text.
	LastAssistant string
}

// ReadMessages reads the first user message among the first MiB of the transcript at path and
// the last assistant message among its last 4 MiB. A missing file (or none named) has no
// messages; one that is not a regular file is an error matching safefile.ErrNotRegular.
func ReadMessages(path string) (Messages, error) {
	var m Messages
	if path == "" {
		return m, nil
	}
	head, err := Head(path, messagesHead)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read transcript: %w", err)
	}
	for role, text := range messages(head) {
		if role == "user" {
			m.FirstUser = text
			break
		}
	}
	tail, err := Tail(path, messagesTail)
	if err != nil {
		return m, fmt.Errorf("read transcript: %w", err)
	}
	for role, text := range messages(tail) {
		if role == "assistant" {
			m.LastAssistant = text
		}
	}
	return m, nil
}

// messages yields the role and text of each record of data that carries a user's or the
// assistant's message text, in order.
func messages(data []byte) iter.Seq2[string, string] {
	return func(yield func(role, text string) bool) {
		for rec := range Records(data) {
			role := rec.Get("message.role").String()
			if role == "" {
				role = rec.Get("type").String()
			}
			if role != "user" && role != "assistant" {
				continue
			}
			text := messageText(rec.Get("message.content"))
			if text == "" {
				continue
			}
			if !yield(role, text) {
				return
			}
		}
	}
}

// messageText joins the text of a message content: a string, or the "text" parts of an array
// (tool calls and tool results are not text).
func messageText(content gjson.Result) string {
	if content.Type == gjson.String {
		return content.String()
	}
	var parts []string
	for _, part := range content.Array() {
		if part.Get("type").String() == "text" {
			parts = append(parts, part.Get("text").String())
		}
	}
	return strings.Join(parts, "\n")
}
