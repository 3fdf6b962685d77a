// Package transcript reads Claude Code's session transcripts: the JSONL file a hook event names
// in transcript_path (a subagent's in agent_transcript_path), one record a line. It is the one
// place that knows how a transcript is read and what its records look like:
//
//   - reading: a transcript is read only when it is a regular file (a FIFO or a device is refused
//     without hanging), and only in bounded slices of whole lines — its head, its tail (Tail), or
//     what was appended since a Mark (Since);
//   - records: Records walks a slice's lines, skipping any that is not JSON (a line still being
//     written, one cut by a slice);
//   - shapes: who opened a turn (ReadTurn) and whether a prompt is Claude Code's own (ByClaude),
//     the tool calls of the agent's replies (ToolCalls), a subagent's task and final answer
//     (ReadMessages).
//
// Claude Code writes a transcript lazily, so every reader here says what it cannot tell
// (docs/claude-code.md, "Transcripts at the time a hook runs", has the records and the timing).
package transcript

import (
	"bytes"
	"io"
	"iter"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Tail returns the whole lines among the last limit bytes of the regular file at path: all of
// the file when it is no longer than limit; else its last limit bytes less their first line,
// which is cut short unless the slice starts right after a line end.
func Tail(path string, limit int64) ([]byte, error) {
	tail, err := safefile.ReadTail(path, limit)
	if err != nil {
		return nil, err
	}
	if int64(len(tail)) == limit {
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
	}
	return tail, nil
}

// Head returns the first limit bytes of the regular file at path. A last line cut short by the
// slice is not JSON, and Records skips it.
func Head(path string, limit int64) ([]byte, error) {
	f, _, err := safefile.OpenRegular(path, safefile.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return io.ReadAll(io.LimitReader(f, limit))
}

// Records yields the records of the JSONL lines in data, in order, skipping every line that is
// not JSON. With anyOf given, a line that holds none of those strings is skipped before it is
// parsed: a reader that looks for one kind of record names a key or value every such record
// spells.
func Records(data []byte, anyOf ...string) iter.Seq[gjson.Result] {
	return func(yield func(gjson.Result) bool) {
		for line := range bytes.Lines(data) {
			if !holdsAny(line, anyOf) || !gjson.ValidBytes(line) {
				continue
			}
			if !yield(gjson.ParseBytes(line)) {
				return
			}
		}
	}
}

// holdsAny reports whether line holds one of words, or words is empty.
func holdsAny(line []byte, words []string) bool {
	if len(words) == 0 {
		return true
	}
	for _, w := range words {
		if bytes.Contains(line, []byte(w)) {
			return true
		}
	}
	return false
}
