// Package blockrun counts a run of Stop (or SubagentStop) blocks the way Claude Code counts it.
//
// Claude Code ends a turn anyway once a hook has blocked it more than its cap
// (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, default 8) times "in a row". Seen on Claude Code 2.1.328
// (a plain Stop hook that always blocks, cap 3): the count goes back to 0 whenever the
// continuation after a block called a tool other than the goal tools (SetGoal, ProposeGoal,
// PauseGoal, GetGoal) — an agent that called Read after each block had all six blocks honoured —
// while stop_hook_active stays true all along; an agent that answered in words only was overridden
// at the fourth block. Its tool calls reach the transcript before the next Stop fires (0, 1, 2, 3,
// 4 tool_use entries on the hook's runs 1–5); words alone are written lazily, so the transcript
// does not tell two word-only stops apart, and nothing here needs it to.
//
// A hook therefore keeps, between stops, its count and a Mark: where the previous stop left the
// event's own transcript. Continue reads only what was appended since, in one bounded slice.
// Where it cannot tell — no mark, the transcript missing, shorter, rewritten before the mark, or
// grown by more than one slice — it starts the count again: the hook then reviews (or gates) once
// more than Claude Code might honour, which costs a review; counting on would skip one.
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
// bytes before it that tells a transcript rewritten since.
type Mark struct {
	Path   string `json:"path"`
	Offset int64  `json:"offset"`
	Sum    string `json:"sum"`
}

// Continue returns Claude Code's count of blocks in a row before this stop, and the mark to keep
// for the next one. blocks and prev are what the previous stop kept; stopHookActive and
// transcript come from this stop's event (agent_transcript_path for SubagentStop). A stop with
// stop_hook_active false, or after a tool call, starts the count at 0; so does one that cannot
// tell (see the package comment). The transcript is read only when a count is running or a mark
// is due, and never more than MaxSlice of it.
func Continue(blocks int, prev *Mark, stopHookActive bool, transcript string) (int, *Mark) {
	if !stopHookActive || blocks < 0 {
		blocks = 0
	}
	if transcript == "" {
		return 0, nil
	}
	f, _, err := safefile.OpenRegular(transcript, safefile.FollowLinks)
	if errors.Is(err, fs.ErrNotExist) {
		// Not written yet: Claude Code writes transcripts lazily, and a subagent's may not exist
		// at its first stop (seen on 2.1.328). All it holds later is new since this stop.
		return 0, &Mark{Path: transcript, Sum: emptySum}
	}
	if err != nil {
		return 0, nil
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return 0, nil
	}
	size := fi.Size()
	if blocks > 0 {
		next, worked, ok := since(f, size, prev, transcript)
		if ok && !worked {
			return blocks, next
		}
		return 0, next
	}
	return 0, markEnd(f, size, transcript)
}

// since reads what was appended after prev and reports whether it holds a tool call that is not a
// goal tool; ok is false when it cannot tell. next is the mark at the end of the last whole line.
func since(f *os.File, size int64, prev *Mark, path string) (next *Mark, worked, ok bool) {
	if prev == nil || prev.Path != path || prev.Offset > size || size-prev.Offset > MaxSlice {
		return markEnd(f, size, path), false, false
	}
	sum, err := sumBefore(f, prev.Offset)
	if err != nil || sum != prev.Sum {
		return markEnd(f, size, path), false, false
	}
	data, err := readAt(f, prev.Offset, size)
	if err != nil {
		return markEnd(f, size, path), false, false
	}
	whole := bytes.LastIndexByte(data, '\n') + 1
	next = &Mark{Path: path, Offset: prev.Offset + int64(whole), Sum: prev.Sum}
	if whole > 0 {
		if next.Sum, err = sumBefore(f, next.Offset); err != nil {
			return nil, false, false
		}
	}
	return next, calledTool(data[:whole]), true
}

// markEnd returns the mark at the end of the last whole line of f, searched for in its last
// MaxSlice bytes; nil when there is none (the next stop then cannot tell).
func markEnd(f *os.File, size int64, path string) *Mark {
	start := max(size-MaxSlice, 0)
	data, err := readAt(f, start, size)
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 {
		if start > 0 {
			return nil
		}
		i = -1 // an empty or one-partial-line transcript: the mark is its start
	}
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
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
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
