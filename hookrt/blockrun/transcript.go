package blockrun

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// MaxSlice is the most a stop reads of its transcript: what was appended since the mark, or the
// tail searched for the last whole line.
const MaxSlice = 4 << 20

// sumLen is how many bytes before a mark its checksum covers.
const sumLen = 256

// emptySum is the checksum of no bytes: that of a mark at offset 0.
var emptySum = func() string { s := sha256.Sum256(nil); return hex.EncodeToString(s[:8]) }()

// goalTools are the tools whose calls do not start Claude Code's count again.
var goalTools = map[string]bool{"SetGoal": true, "ProposeGoal": true, "PauseGoal": true, "GetGoal": true}

// Mark is where a stop left a transcript: the end of its last whole line, and a checksum of the
// bytes before it that tells a transcript rewritten since. Missing marks a transcript that did
// not exist at that stop.
type Mark struct {
	Path    string `json:"path"`
	Offset  int64  `json:"offset"`
	Sum     string `json:"sum"`
	Missing bool   `json:"missing,omitempty"`
}

// wasMissing reports whether m says that the transcript at path did not exist at its stop.
func (m *Mark) wasMissing(path string) bool {
	return m != nil && m.Missing && m.Path == path && m.Offset == 0
}

// look reads what transcript tells of the time since the stop that left prev, and returns the
// mark for the next stop. counting is false when no count is running: then only the mark is due.
func look(prev *Mark, counting bool, transcript string) (seen, *Mark) {
	if transcript == "" {
		return unknown, nil
	}
	f, _, err := safefile.OpenRegular(transcript, safefile.FollowLinks)
	if errors.Is(err, fs.ErrNotExist) {
		// Not written yet; all it holds once written is new since this stop. Missing at the last
		// stop too, it holds no tool call: a call would have created it.
		next := &Mark{Path: transcript, Sum: emptySum, Missing: true}
		if !counting || prev.wasMissing(transcript) {
			return quiet, next
		}
		return unknown, next
	}
	if err != nil {
		return unknown, nil
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return unknown, nil
	}
	if !counting {
		return quiet, markEnd(f, fi.Size(), transcript)
	}
	return since(f, fi.Size(), prev, transcript)
}

// since reads what was appended to f after prev and tells whether it holds a tool call that is
// not a goal tool. The mark returned is at the end of the last whole line.
func since(f *os.File, size int64, prev *Mark, path string) (seen, *Mark) {
	if prev == nil || prev.Path != path || prev.Offset > size {
		return unknown, markEnd(f, size, path)
	}
	if sum, err := sumBefore(f, prev.Offset); err != nil || sum != prev.Sum {
		return unknown, markEnd(f, size, path)
	}
	if size-prev.Offset > MaxSlice {
		// Only the last slice is read: a tool call there came after the mark; none there says
		// nothing of what came before it.
		tail, err := readAt(f, size-MaxSlice, size)
		if err != nil {
			return unknown, nil
		}
		if i := bytes.IndexByte(tail, '\n'); i >= 0 && calledTool(wholeLines(tail[i+1:])) {
			return worked, markEnd(f, size, path)
		}
		return unknown, markEnd(f, size, path)
	}
	data, err := readAt(f, prev.Offset, size)
	if err != nil {
		return unknown, markEnd(f, size, path)
	}
	whole := wholeLines(data)
	next := &Mark{Path: path, Offset: prev.Offset + int64(len(whole)), Sum: prev.Sum}
	if len(whole) > 0 {
		if next.Sum, err = sumBefore(f, next.Offset); err != nil {
			return unknown, nil
		}
	}
	if calledTool(whole) {
		return worked, next
	}
	return quiet, next
}

// wholeLines returns data up to the end of its last whole line.
func wholeLines(data []byte) []byte { return data[:bytes.LastIndexByte(data, '\n')+1] }

// markEnd returns the mark at the end of the last whole line of f, searched for in its last
// MaxSlice bytes; nil when there is none (the next stop then cannot tell).
func markEnd(f *os.File, size int64, path string) *Mark {
	start := max(size-MaxSlice, 0)
	data, err := readAt(f, start, size)
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 && start > 0 {
		return nil
	}
	// With no line end in a transcript shorter than a slice, the mark is its start.
	m := &Mark{Path: path, Offset: start + int64(i) + 1}
	sum, err := sumBefore(f, m.Offset)
	if err != nil {
		return nil
	}
	m.Sum = sum
	return m
}

// sumBefore returns the checksum of the up to sumLen bytes of f before off.
func sumBefore(f *os.File, off int64) (string, error) {
	buf, err := readAt(f, max(off-sumLen, 0), off)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(buf)
	return hex.EncodeToString(s[:8]), nil
}

// readAt reads f from start to end; a file cut shorter meanwhile gives what is left.
func readAt(f *os.File, start, end int64) ([]byte, error) {
	buf := make([]byte, end-start)
	n, err := f.ReadAt(buf, start)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

// calledTool reports whether the JSONL records in data hold an assistant message with a tool
// call other than a goal tool. A line that is not JSON is skipped.
func calledTool(data []byte) bool {
	for line := range bytes.Lines(data) {
		if !bytes.Contains(line, []byte("tool_use")) || !gjson.ValidBytes(line) {
			continue
		}
		rec := gjson.ParseBytes(line)
		if rec.Get("type").String() != "assistant" {
			continue
		}
		for _, part := range rec.Get("message.content").Array() {
			switch part.Get("type").String() {
			case "tool_use", "server_tool_use", "mcp_tool_use":
				if !goalTools[part.Get("name").String()] {
					return true
				}
			}
		}
	}
	return false
}
