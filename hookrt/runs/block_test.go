package runs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/transcript"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
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

// exact is a run of n blocks known exactly, marked at m.
func exact(n int, m *transcript.Mark) Blocks { return Blocks{Low: n, High: n, Mark: m} }

// first is what the first stop of a run (stop_hook_active false) keeps of the transcript at path.
func first(path string) Blocks { return Blocks{}.Continue(false, path) }

// stopAfter marks a transcript holding start as the previous stop left it with blocks blocks,
// appends then, and returns what the next stop (stop_hook_active true) counts.
func stopAfter(t *testing.T, start, then string, blocks int) Blocks {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, start, 0o600)
	mark := first(path).Mark
	if mark == nil {
		t.Fatal("no mark for a readable transcript")
	}
	testfs.Append(t, path, then)
	return exact(blocks, mark).Continue(true, path)
}

// count is a run's range, for messages.
type count struct{ low, high int }

func rangeOf(r Blocks) count { return count{r.Low, r.High} }

func TestContinueCountsAsClaudeCode(t *testing.T) {
	tests := []struct {
		name string
		then string
		want count
	}{
		{"words only: the run goes on", wordsLine, count{2, 2}},
		{"nothing written (words are written lazily)", "", count{2, 2}},
		{"a tool call starts the run again", wordsLine + readLine + resultLine + wordsLine, count{0, 0}},
		{"a goal tool does not", goalLine + wordsLine, count{2, 2}},
		{"block feedback naming tool_use in words does not", feedbackLine + wordsLine, count{2, 2}},
		{"a tool call in a line still being written is not counted yet", strings.TrimSuffix(readLine, "\n"), count{2, 2}},
		{"a line that is not JSON is skipped", "{\"type\":\"assistant\", tool_use\n" + wordsLine, count{2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := rangeOf(stopAfter(t, userLine+wordsLine, tc.then, 2)); got != tc.want {
				t.Errorf("count = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestContinueStopHookInactiveStartsAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine+wordsLine, 0o600)
	mark := first(path).Mark
	for _, prev := range []Blocks{exact(5, mark), {Low: 1, High: 5, Mark: mark}} {
		if got := prev.Continue(false, path); got.Low != 0 || got.High != 0 || got.Mark == nil || got.Mark.Offset != int64(len(userLine+wordsLine)) {
			t.Errorf("%+v.Continue(stop_hook_active false) = %+v; want 0 and a mark at the end", prev, got)
		}
	}
}

// A line cut short at one stop is read whole at the next: its tool call counts then.
func TestContinueReadsACutLineWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine+readLine[:40], 0o600)
	mark := first(path).Mark
	if mark == nil || mark.Offset != int64(len(userLine)) {
		t.Fatalf("mark = %+v, want one at the end of the last whole line (%d)", mark, len(userLine))
	}
	testfs.Append(t, path, readLine[40:]+wordsLine)
	if got := exact(3, mark).Continue(true, path); got.High != 0 {
		t.Errorf("count = %+v after a tool call completed since the mark, want 0", rangeOf(got))
	}
}

// The mark moves on: a tool call before the last stop does not start a later run again.
func TestContinueMarkMovesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine, 0o600)
	r := exact(1, first(path).Mark).Continue(true, path)
	testfs.Append(t, path, readLine+resultLine+wordsLine)
	r = exact(1, r.Mark).Continue(true, path)
	if r.High != 0 {
		t.Fatalf("count = %+v after a tool call, want 0", rangeOf(r))
	}
	r.Block()
	testfs.Append(t, path, wordsLine)
	if got := r.Continue(true, path); rangeOf(got) != (count{1, 1}) {
		t.Errorf("count = %+v, want 1: the tool call was before the previous stop", rangeOf(got))
	}
}

// Where it cannot tell, the lower count starts again and the higher one goes on: the
// supervisor reviews once more than Claude Code might honour, and the workflow blocks once
// less.
func TestContinueCannotTell(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	fresh := func(t *testing.T) *transcript.Mark {
		t.Helper()
		testfs.Write(t, path, userLine+wordsLine+wordsLine, 0o600)
		return first(path).Mark
	}
	tests := []struct {
		name  string
		setup func(t *testing.T) (mark *transcript.Mark, path string)
	}{
		{"no mark kept", func(t *testing.T) (*transcript.Mark, string) { fresh(t); return nil, path }},
		{"no transcript named", func(t *testing.T) (*transcript.Mark, string) { return fresh(t), "" }},
		{"transcript gone", func(t *testing.T) (*transcript.Mark, string) {
			m := fresh(t)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			return m, path
		}},
		{"transcript shorter", func(t *testing.T) (*transcript.Mark, string) {
			m := fresh(t)
			testfs.Write(t, path, userLine, 0o600)
			return m, path
		}},
		{"transcript rewritten before the mark", func(t *testing.T) (*transcript.Mark, string) {
			m := fresh(t)
			testfs.Write(t, path, userLine+strings.Replace(wordsLine, "Done.", "Fine.", 1)+wordsLine+wordsLine, 0o600)
			return m, path
		}},
		{"another transcript", func(t *testing.T) (*transcript.Mark, string) {
			m := fresh(t)
			other := filepath.Join(dir, "other.jsonl")
			testfs.Write(t, other, userLine+wordsLine+wordsLine+wordsLine, 0o600)
			return m, other
		}},
		{"more appended than one slice, no tool call in its last slice", func(t *testing.T) (*transcript.Mark, string) {
			m := fresh(t)
			testfs.Append(t, path, readLine+strings.Repeat(wordsLine, transcript.MaxSlice/len(wordsLine)+1))
			return m, path
		}},
		{"a directory", func(t *testing.T) (*transcript.Mark, string) { return fresh(t), dir }},
		{"a partial line that vanished", func(t *testing.T) (*transcript.Mark, string) {
			testfs.Write(t, path, readLine[:30], 0o600)
			m := first(path).Mark
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			return m, path
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mark, path := tc.setup(t)
			if got := exact(4, mark).Continue(true, path); rangeOf(got) != (count{0, 4}) {
				t.Errorf("count = %+v, want {0 4} (cannot tell)", rangeOf(got))
			}
		})
	}
}

// More than one slice appended since the mark: a tool call within the last slice was made since
// the mark, so the run starts again for certain.
func TestContinueToolCallInTheLastSlice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine, 0o600)
	mark := first(path).Mark
	testfs.Append(t, path, strings.Repeat(wordsLine, transcript.MaxSlice/len(wordsLine)+1)+readLine+resultLine+wordsLine)
	got := exact(4, mark).Continue(true, path)
	if rangeOf(got) != (count{0, 0}) {
		t.Errorf("count = %+v, want {0 0}", rangeOf(got))
	}
	if fi, err := os.Stat(path); err != nil || got.Mark == nil || got.Mark.Offset != fi.Size() {
		t.Errorf("mark = %+v, want one at the end", got.Mark)
	}
}

// An uncertain range narrows again once the transcript tells: a tool call makes it exact at 0,
// and words only keep it, blocks adding to both ends.
func TestContinueUncertainRange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine, 0o600)
	// A range whose low end is 0 goes on as it is: only the high end was counted.
	if got := (Blocks{Low: 0, High: 2, Mark: first(path).Mark}).Continue(true, path); rangeOf(got) != (count{0, 2}) {
		t.Fatalf("count = %+v with nothing new, want {0 2}", rangeOf(got))
	}
	r := Blocks{Low: 0, High: 3, Mark: first(path).Mark}
	r.Block()
	testfs.Append(t, path, wordsLine)
	if r = r.Continue(true, path); rangeOf(r) != (count{1, 4}) {
		t.Fatalf("count = %+v after words only, want {1 4}", rangeOf(r))
	}
	testfs.Append(t, path, readLine+resultLine)
	if r = r.Continue(true, path); rangeOf(r) != (count{0, 0}) {
		t.Errorf("count = %+v after a tool call, want {0 0}", rangeOf(r))
	}
}

// A transcript not written yet at a stop (Claude Code 2.1.328 writes lazily: a session's in
// claude -p --session-id, a subagent's at its first stop) holds, once written, only what came
// after that stop: it is read from its start. Still missing at the next stop, it holds no tool
// call — a call would have created it — and the run goes on. Seen on 2.1.328: missing at the
// first two Stops, written while the second Stop's hook ran; the third Stop must count two blocks
// in a row, or the hook blocks once more than Claude Code honours.
func TestContinueTranscriptWrittenLater(t *testing.T) {
	tests := []struct {
		name    string
		missing int // stops that find no transcript, the first included
		then    string
		want    count
	}{
		{"words only, after one stop", 1, userLine + wordsLine, count{1, 1}},
		{"a tool call, after one stop", 1, userLine + readLine + resultLine + wordsLine, count{0, 0}},
		{"words only, after two stops", 2, userLine + wordsLine + wordsLine, count{2, 2}},
		{"a tool call, after two stops", 2, userLine + readLine + resultLine + wordsLine, count{0, 0}},
		{"still missing at the third stop", 3, "", count{3, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "agent.jsonl")
			r := first(path)
			if r.Mark == nil || !r.Mark.Missing || r.Mark.Offset != 0 {
				t.Fatalf("first(missing) = %+v; want a mark saying it was missing", r)
			}
			r.Block()
			for range tc.missing - 1 {
				r = r.Continue(true, path)
				r.Block()
			}
			if tc.then != "" {
				testfs.Write(t, path, tc.then, 0o600)
			}
			if got := r.Continue(true, path); rangeOf(got) != tc.want {
				t.Errorf("count = %+v, want %+v", rangeOf(got), tc.want)
			}
		})
	}
}

// Only what was appended since the mark counts toward the slice: a long transcript with a short
// continuation is read, and so is one exactly transcript.MaxSlice long.
func TestContinueSliceBounds(t *testing.T) {
	filler := strings.Repeat(wordsLine, transcript.MaxSlice/len(wordsLine))
	tests := []struct {
		name        string
		first, then string
		want        count
	}{
		{"a long transcript, a short continuation", userLine + filler + filler, wordsLine, count{2, 2}},
		{"exactly one slice appended", userLine, filler + strings.Repeat("x", transcript.MaxSlice-len(filler)-1) + "\n", count{2, 2}},
		{"a tool call after a blank line", userLine, "\n" + wordsLine + readLine, count{0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := rangeOf(stopAfter(t, tc.first, tc.then, 2)); got != tc.want {
				t.Errorf("count = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// Unblock gives back what Block counted, and never goes below 0.
func TestBlockUnblock(t *testing.T) {
	r := Blocks{Low: 0, High: 2}
	r.Block()
	if rangeOf(r) != (count{1, 3}) {
		t.Fatalf("after Block: %+v", rangeOf(r))
	}
	r.Unblock()
	r.Unblock()
	if rangeOf(r) != (count{0, 1}) {
		t.Errorf("after two Unblocks: %+v, want {0 1}", rangeOf(r))
	}
	r.Unblock()
	r.Unblock()
	if rangeOf(r) != (count{0, 0}) {
		t.Errorf("after four Unblocks: %+v, want {0 0}", rangeOf(r))
	}
}

// A run read back in an inconsistent state (a hand-edited file) starts again.
func TestContinueInconsistentRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	testfs.Write(t, path, userLine, 0o600)
	mark := first(path).Mark
	for _, r := range []Blocks{{Low: -1, High: 2, Mark: mark}, {Low: 3, High: 1, Mark: mark}} {
		if got := r.Continue(true, path); rangeOf(got) != (count{0, 0}) {
			t.Errorf("%+v.Continue = %+v, want {0 0}", rangeOf(r), rangeOf(got))
		}
	}
}
