package blockrun

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Lines as Claude Code 2.1.328 writes them into a session transcript (shortened).
const (
	userLine     = `{"type":"user","message":{"role":"user","content":"fix the login bug"},"uuid":"u1"}` + "\n"
	wordsLine    = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]},"uuid":"a1"}` + "\n"
	readLine     = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Read","input":{"file_path":"/p/a.go"}}]},"uuid":"a2"}` + "\n"
	resultLine   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"package a"}]},"uuid":"u2"}` + "\n"
	goalLine     = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_2","name":"SetGoal","input":{}}]},"uuid":"a3"}` + "\n"
	feedbackLine = `{"type":"user","message":{"role":"user","content":"Stop hook feedback:\nrun the tests; tool_use is mentioned here only in words"},"uuid":"u3"}` + "\n"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, path, data string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
}

// stopAfter marks a transcript holding first as the previous stop left it with blocks blocks,
// appends then, and returns what the next stop (stop_hook_active true) counts.
func stopAfter(t *testing.T, first, then string, blocks int) int {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, first)
	_, mark := Continue(0, nil, false, path)
	if mark == nil {
		t.Fatal("no mark for a readable transcript")
	}
	appendTo(t, path, then)
	got, _ := Continue(blocks, mark, true, path)
	return got
}

func TestContinueCountsAsClaudeCode(t *testing.T) {
	tests := []struct {
		name string
		then string
		want int
	}{
		{"words only: the run goes on", wordsLine, 2},
		{"nothing written (words are written lazily)", "", 2},
		{"a tool call starts the run again", wordsLine + readLine + resultLine + wordsLine, 0},
		{"a goal tool does not", goalLine + wordsLine, 2},
		{"block feedback naming tool_use in words does not", feedbackLine + wordsLine, 2},
		{"a tool call in a line still being written is not counted yet", strings.TrimSuffix(readLine, "\n"), 2},
		{"a line that is not JSON is skipped", "{\"type\":\"assistant\", tool_use\n" + wordsLine, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := stopAfter(t, userLine+wordsLine, tc.then, 2); got != tc.want {
				t.Errorf("blocks = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestContinueStopHookInactiveStartsAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, userLine+wordsLine)
	_, mark := Continue(0, nil, false, path)
	if got, next := Continue(5, mark, false, path); got != 0 || next == nil || next.Offset != int64(len(userLine+wordsLine)) {
		t.Errorf("Continue(stop_hook_active false) = %d, %+v; want 0 and a mark at the end", got, next)
	}
}

// A line cut short at one stop is read whole at the next: its tool call counts then.
func TestContinueReadsACutLineWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, userLine+readLine[:40])
	_, mark := Continue(0, nil, false, path)
	if mark == nil || mark.Offset != int64(len(userLine)) {
		t.Fatalf("mark = %+v, want one at the end of the last whole line (%d)", mark, len(userLine))
	}
	appendTo(t, path, readLine[40:]+wordsLine)
	if got, _ := Continue(3, mark, true, path); got != 0 {
		t.Errorf("blocks = %d after a tool call completed since the mark, want 0", got)
	}
}

// The mark moves on: a tool call before the last stop does not start a later run again.
func TestContinueMarkMovesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, userLine)
	_, mark := Continue(0, nil, false, path)
	appendTo(t, path, readLine+resultLine+wordsLine)
	blocks, mark := Continue(1, mark, true, path)
	if blocks != 0 {
		t.Fatalf("blocks = %d after a tool call, want 0", blocks)
	}
	appendTo(t, path, wordsLine)
	if got, _ := Continue(blocks+1, mark, true, path); got != 1 {
		t.Errorf("blocks = %d, want 1: the tool call was before the previous stop", got)
	}
}

// Where it cannot tell, the run starts again (the hook then reviews).
func TestContinueCannotTell(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	fresh := func(t *testing.T) *Mark {
		t.Helper()
		write(t, path, userLine+wordsLine+wordsLine)
		_, m := Continue(0, nil, false, path)
		return m
	}
	tests := []struct {
		name  string
		setup func(t *testing.T) (mark *Mark, transcript string)
	}{
		{"no mark kept", func(t *testing.T) (*Mark, string) { fresh(t); return nil, path }},
		{"no transcript named", func(t *testing.T) (*Mark, string) { return fresh(t), "" }},
		{"transcript gone", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			return m, path
		}},
		{"transcript shorter", func(t *testing.T) (*Mark, string) { m := fresh(t); write(t, path, userLine); return m, path }},
		{"transcript rewritten before the mark", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			write(t, path, userLine+strings.Replace(wordsLine, "Done.", "Fine.", 1)+wordsLine+wordsLine)
			return m, path
		}},
		{"another transcript", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			other := filepath.Join(dir, "other.jsonl")
			write(t, other, userLine+wordsLine+wordsLine+wordsLine)
			return m, other
		}},
		{"more appended than one slice", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			appendTo(t, path, strings.Repeat(wordsLine, MaxSlice/len(wordsLine)+1))
			return m, path
		}},
		{"a directory", func(t *testing.T) (*Mark, string) { return fresh(t), dir }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mark, transcript := tc.setup(t)
			if got, _ := Continue(4, mark, true, transcript); got != 0 {
				t.Errorf("blocks = %d, want 0 (cannot tell)", got)
			}
		})
	}
}

// A FIFO as transcript is refused at once, without hanging the hook.
func TestContinueFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if got, mark := Continue(3, &Mark{Path: path}, true, path); got != 0 || mark != nil {
		t.Errorf("Continue(FIFO) = %d, %+v; want 0, nil", got, mark)
	}
}

// A transcript whose last MaxSlice bytes hold no line end gives no mark; the next stop then
// cannot tell.
func TestContinueNoLineEndInSlice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, userLine+`{"type":"user","message":{"content":"`+strings.Repeat("x", MaxSlice)+`"}}`)
	if _, mark := Continue(0, nil, false, path); mark != nil {
		t.Errorf("mark = %+v, want none", mark)
	}
}

// A transcript not written yet at the first stop (a subagent's, seen on Claude Code 2.1.328)
// counts from its start at the next one.
func TestContinueTranscriptWrittenLater(t *testing.T) {
	tests := []struct {
		name string
		then string
		want int
	}{
		{"words only", userLine + wordsLine, 1},
		{"a tool call", userLine + readLine + resultLine + wordsLine, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "agent.jsonl")
			blocks, mark := Continue(0, nil, false, path)
			if blocks != 0 || mark == nil || mark.Offset != 0 {
				t.Fatalf("Continue(missing) = %d, %+v; want 0 and a mark at its start", blocks, mark)
			}
			write(t, path, tc.then)
			if got, _ := Continue(1, mark, true, path); got != tc.want {
				t.Errorf("blocks = %d, want %d", got, tc.want)
			}
		})
	}
}

// Only what was appended since the mark counts toward the slice: a long transcript with a short
// continuation is read, and so is one exactly MaxSlice long.
func TestContinueSliceBounds(t *testing.T) {
	filler := strings.Repeat(wordsLine, MaxSlice/len(wordsLine))
	tests := []struct {
		name        string
		first, then string
		want        int
	}{
		{"a long transcript, a short continuation", userLine + filler + filler, wordsLine, 2},
		{"exactly one slice appended", userLine, filler + strings.Repeat("x", MaxSlice-len(filler)-1) + "\n", 2},
		{"a tool call after a blank line", userLine, "\n" + wordsLine + readLine, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := stopAfter(t, tc.first, tc.then, 2); got != tc.want {
				t.Errorf("blocks = %d, want %d", got, tc.want)
			}
		})
	}
}

// A transcript that holds only a line still being written is marked at its start: that line,
// once whole, is read at the next stop.
func TestContinuePartialFirstLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	write(t, path, readLine[:30])
	_, mark := Continue(0, nil, false, path)
	if mark == nil || mark.Offset != 0 {
		t.Fatalf("mark = %+v, want one at offset 0", mark)
	}
	appendTo(t, path, readLine[30:])
	if got, _ := Continue(2, mark, true, path); got != 0 {
		t.Errorf("blocks = %d, want 0 (the tool call completed since)", got)
	}
}
