package workflow

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/tidwall/gjson"
)

// transcript is what the workflow reads from a subagent's JSONL transcript.
type transcript struct {
	// FirstUser is the text of the first user message: the subagent's task prompt.
	FirstUser string
	// LastAssistant is the text of the last assistant message that has text.
	LastAssistant string
}

// readTranscript scans the JSONL transcript at path. A missing file is an empty transcript;
// lines that are not JSON are skipped.
func readTranscript(path string) (transcript, error) {
	var tr transcript
	if path == "" {
		return tr, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return tr, nil
	}
	if err != nil {
		return tr, fmt.Errorf("read transcript: %w", err)
	}
	defer func() { _ = f.Close() }() // read only: closing cannot lose data
	r := bufio.NewReaderSize(f, 64<<10)
	seenUser := false
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && gjson.ValidBytes(line) {
			rec := gjson.ParseBytes(line)
			role := rec.Get("message.role").String()
			if role == "" {
				role = rec.Get("type").String()
			}
			switch role {
			case "user":
				if !seenUser {
					if text := messageText(rec.Get("message.content")); text != "" {
						tr.FirstUser, seenUser = text, true
					}
				}
			case "assistant":
				if text := messageText(rec.Get("message.content")); text != "" {
					tr.LastAssistant = text
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return tr, nil
		}
		if err != nil {
			return tr, fmt.Errorf("read transcript %s: %w", path, err)
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
