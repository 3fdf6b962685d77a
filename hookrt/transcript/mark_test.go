package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestEnd(t *testing.T) {
	dir := t.TempDir()
	if m := End(""); m != nil {
		t.Errorf("End of no transcript = %+v, want none", m)
	}
	missing := filepath.Join(dir, "none.jsonl")
	if m := End(missing); m == nil || *m != (Mark{Path: missing, Sum: emptySum, Missing: true}) {
		t.Errorf("End of a missing transcript = %+v, want a Missing mark at 0", m)
	}
	if m := End(dir); m != nil {
		t.Errorf("End of a directory = %+v, want none", m)
	}
	path := write(t, typed+reply+readCall[:30])
	if m := End(path); m == nil || m.Offset != int64(len(typed+reply)) || m.Missing || m.Sum == emptySum {
		t.Errorf("End = %+v, want one at the end of the last whole line", m)
	}
	// Only a line being written: the mark is at the start, and that line is read once whole.
	start := End(write(t, readCall[:30]))
	if start == nil || start.Offset != 0 || start.Missing || start.Sum != emptySum {
		t.Errorf("End of a first line being written = %+v, want one at offset 0", start)
	}
	// The last slice's only line end is its first byte: the mark is right after it.
	if m := End(write(t, typed+"\n"+strings.Repeat("x", MaxSlice-1))); m == nil || m.Offset != int64(len(typed)+1) {
		t.Errorf("End with a line end at the slice's start = %+v, want one right after it", m)
	}
	// No line end in the last slice of a longer transcript: there is no mark to be had.
	if m := End(write(t, typed+`{"type":"user","message":{"content":"`+strings.Repeat("x", MaxSlice)+`"}}`)); m != nil {
		t.Errorf("End with no line end in the slice = %+v, want none", m)
	}
}

// TestSince reads what was appended since a mark, whole lines only, and moves the mark on; the
// next read goes on from there.
func TestSince(t *testing.T) {
	filler := strings.Repeat(reply, MaxSlice/len(reply)-1)
	slice := filler + strings.Repeat("x", MaxSlice-len(filler)-1) + "\n"
	tests := []struct {
		name, first, then string
		want              string // the whole lines appended
		rest              string // what completes a line then leaves unfinished
	}{
		{"words", typed, reply + reply, reply + reply, ""},
		{"nothing", typed, "", "", ""},
		{"a line being written", typed, reply + readCall[:30], reply, readCall[30:]},
		{"a long transcript, a short continuation", typed + filler + filler, readCall, readCall, ""},
		{"exactly one slice", typed, slice, slice, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(t, tt.first)
			mark := End(path)
			testfs.Append(t, path, tt.then)
			got, next := Since(mark, path)
			if !got.Whole || string(got.Lines) != tt.want {
				t.Errorf("Since = %d bytes, whole %v; want %d bytes, whole", len(got.Lines), got.Whole, len(tt.want))
			}
			at := int64(len(tt.first + tt.want))
			if want := End(path); next == nil || *next != *want || next.Offset != at {
				t.Errorf("next mark = %+v, want %+v at %d", next, want, at)
			}
			testfs.Append(t, path, tt.rest+goalCall)
			want := tt.then[len(tt.want):] + tt.rest + goalCall
			if again, _ := Since(next, path); string(again.Lines) != want || !again.Whole {
				t.Errorf("Since the next mark = %q, want %q", again.Lines, want)
			}
		})
	}
}

// Where the transcript cannot tell what was appended, Since says so: no lines, not whole.
func TestSinceCannotTell(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	fresh := func(t *testing.T) *Mark {
		t.Helper()
		testfs.Write(t, path, typed+reply+reply, 0o600)
		return End(path)
	}
	tests := []struct {
		name  string
		setup func(t *testing.T) (mark *Mark, path string)
		next  bool // a mark for the next stop
	}{
		{"no mark kept", func(t *testing.T) (*Mark, string) { fresh(t); return nil, path }, true},
		{"no transcript named", func(t *testing.T) (*Mark, string) { return fresh(t), "" }, false},
		{"transcript gone", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			return m, path
		}, true},
		{"transcript shorter", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			testfs.Write(t, path, typed, 0o600)
			return m, path
		}, true},
		{"rewritten before the mark", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			testfs.Write(t, path, typed+strings.Replace(reply, "Done.", "Fine.", 1)+reply+reply, 0o600)
			return m, path
		}, true},
		{"another transcript", func(t *testing.T) (*Mark, string) {
			m := fresh(t)
			other := filepath.Join(dir, "other.jsonl")
			testfs.Write(t, other, typed+reply+reply+reply, 0o600)
			return m, other
		}, true},
		{"a directory", func(t *testing.T) (*Mark, string) { return fresh(t), dir }, false},
		{"a line being written that vanished", func(t *testing.T) (*Mark, string) {
			testfs.Write(t, path, readCall[:30], 0o600)
			m := End(path)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			return m, path
		}, true},
		{"missing at the mark of another transcript", func(t *testing.T) (*Mark, string) {
			return End(filepath.Join(dir, "gone.jsonl")), filepath.Join(dir, "never.jsonl")
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mark, path := tt.setup(t)
			got, next := Since(mark, path)
			if got.Whole || len(got.Lines) != 0 {
				t.Errorf("Since = %q, whole %v; want nothing told", got.Lines, got.Whole)
			}
			if (next != nil) != tt.next {
				t.Errorf("next mark = %+v, want one: %v", next, tt.next)
			}
		})
	}
}

// More than one slice appended: only the whole lines of the last slice are read, and they are
// not all that was appended.
func TestSinceMoreThanASlice(t *testing.T) {
	path := write(t, typed)
	mark := End(path)
	testfs.Append(t, path, readCall+strings.Repeat(reply, MaxSlice/len(reply)+1)+goalCall)
	got, next := Since(mark, path)
	if got.Whole || len(got.Lines) > MaxSlice || !strings.HasSuffix(string(got.Lines), reply+goalCall) ||
		strings.Contains(string(got.Lines), readCall) || !strings.HasPrefix(string(got.Lines), reply) {
		t.Errorf("Since = %d bytes, whole %v; want the whole lines of the last slice", len(got.Lines), got.Whole)
	}
	if fi, err := os.Stat(path); err != nil || next == nil || next.Offset != fi.Size() {
		t.Errorf("next mark = %+v, want one at the end", next)
	}
	// The last slice starts right after a line end: every line in it is whole.
	path = write(t, typed)
	mark = End(path)
	last := strings.Repeat(reply, (MaxSlice-len(goalCall))/len(reply)) + goalCall
	last = strings.Repeat("x", MaxSlice-len(last)-1) + "\n" + last
	testfs.Append(t, path, readCall+"\n"+last[1:])
	if got, _ := Since(mark, path); got.Whole || string(got.Lines) != last[1:] {
		t.Errorf("Since = %d bytes, whole %v; want the %d of the last slice after its line end", len(got.Lines), got.Whole, len(last)-1)
	}
}

// A transcript missing at a stop holds, once written, only what came after it: read from its
// start. Still missing at the next stop, nothing was appended.
func TestSinceMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent.jsonl")
	mark := End(path)
	got, next := Since(mark, path)
	if !got.Whole || len(got.Lines) != 0 || next == nil || *next != *mark {
		t.Errorf("Since, still missing = %+v, %+v; want nothing appended and the same mark", got, next)
	}
	testfs.Write(t, path, typed+readCall, 0o600)
	got, next = Since(mark, path)
	if !got.Whole || string(got.Lines) != typed+readCall || next == nil || next.Missing || next.Offset != int64(len(typed+readCall)) {
		t.Errorf("Since, written since = %+v, %+v; want all of it", got, next)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if got, next = Since(next, path); got.Whole || next == nil || !next.Missing {
		t.Errorf("Since, vanished = %+v, %+v; want nothing told and a Missing mark", got, next)
	}
}
