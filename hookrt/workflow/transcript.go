package workflow

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// A transcript is read in two bounded slices, whatever its size: its head (the task prompt is
// the first user message) and its tail (the final answer is the last assistant message).
const (
	transcriptHead = 1 << 20
	transcriptTail = 4 << 20
)

// transcript is what the workflow reads from a subagent's JSONL transcript.
type transcript struct {
	// FirstUser is the text of the first user message: the subagent's task prompt.
	FirstUser string
	// LastAssistant is the text of the last assistant message that has text.
	LastAssistant string
}

// readTranscript reads the JSONL transcript at path, only when it is a regular file (a FIFO or a
// device is refused without hanging), and only its first transcriptHead and last transcriptTail
// bytes. A missing file is an empty transcript; lines that are not JSON (or cut by a slice) are
// skipped.
func readTranscript(path string) (transcript, error) {
	var tr transcript
	if path == "" {
		return tr, nil
	}
	head, err := readHead(path, transcriptHead)
	if errors.Is(err, fs.ErrNotExist) {
		return tr, nil
	}
	if err != nil {
		return tr, fmt.Errorf("read transcript: %w", err)
	}
	scanLines(head, func(role, text string) bool {
		if role == "user" {
			tr.FirstUser = text
			return false
		}
		return true
	})
	tail, err := safefile.ReadTail(path, transcriptTail)
	if err != nil {
		return tr, fmt.Errorf("read transcript: %w", err)
	}
	if len(tail) == transcriptTail {
		// The slice may start inside a line: drop that part.
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
	}
	scanLines(tail, func(role, text string) bool {
		if role == "assistant" {
			tr.LastAssistant = text
		}
		return true
	})
	return tr, nil
}

// readHead returns the first limit bytes of the regular file path.
func readHead(path string, limit int64) ([]byte, error) {
	f, _, err := safefile.OpenRegular(path, safefile.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return io.ReadAll(io.LimitReader(f, limit))
}

// scanLines calls fn with the role and text of each JSONL record of data that carries message
// text, in order, until fn returns false.
func scanLines(data []byte, fn func(role, text string) bool) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), len(data)+1)
	for sc.Scan() {
		line := sc.Bytes()
		if !gjson.ValidBytes(line) {
			continue
		}
		rec := gjson.ParseBytes(line)
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
		if !fn(role, text) {
			return
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
