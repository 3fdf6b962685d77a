package proc

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// maxOutput is the bound of the tests.
const maxOutput = 64 << 10

// TestTailKeepsTheEnd: what is kept is the end of what was written, in order, however it came.
func TestTailKeepsTheEnd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chunk int // the size of each write
		parts []string
	}{
		{"little", 7000, []string{"a\n", "b\n"}},
		{"many small writes", 15, []string{strings.Repeat("line of output\n", 20000)}},
		{"one large write", 1 << 30, []string{strings.Repeat("0123456789", maxOutput/5)}},
		{"large after small", 1 << 30, []string{"head\n", strings.Repeat("z", maxOutput+3), "end\n"}},
		{"pieces past twice the bound", 7000, []string{strings.Repeat("y", 3*maxOutput)}},
		{"exactly the bound at once", 1 << 30, []string{strings.Repeat("b", maxOutput)}},
		{"one past the bound at once", 1 << 30, []string{strings.Repeat("c", maxOutput+1)}},
		{"exactly twice the bound in two", maxOutput, []string{strings.Repeat("d", 2*maxOutput)}},
		{"twice the bound and one", maxOutput, []string{strings.Repeat("e", 2*maxOutput) + "f"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var all bytes.Buffer
			tl := &Capped{Max: maxOutput, Tail: true}
			for _, p := range tc.parts {
				for p != "" {
					n := min(len(p), tc.chunk)
					if _, err := tl.Write([]byte(p[:n])); err != nil {
						t.Fatal(err)
					}
					all.WriteString(p[:n])
					p = p[n:]
				}
			}
			got, truncated := tl.Bytes()
			want := all.Bytes()
			if len(want) > maxOutput {
				want = want[len(want)-maxOutput:]
			}
			if !bytes.Equal(got, want) || truncated != (all.Len() > maxOutput) {
				t.Errorf("kept %d bytes (truncated %v), want the last %d of %d", len(got), truncated, len(want), all.Len())
			}
		})
	}
}

// TestHeadKeepsTheStart: without Tail the first Max bytes are kept, the rest swallowed and noted,
// and no write fails.
func TestHeadKeepsTheStart(t *testing.T) {
	for _, tc := range []struct {
		parts    []string
		want     string
		overflow bool
	}{
		{[]string{"abc", "de"}, "abcde", false},
		{[]string{"abc", "def"}, "abcde", true},
		{[]string{"abcdefgh"}, "abcde", true},
		{[]string{"abcde", ""}, "abcde", false},
		{[]string{"abcde", "f", "g"}, "abcde", true},
	} {
		c := &Capped{Max: 5}
		for _, p := range tc.parts {
			if n, err := c.Write([]byte(p)); n != len(p) || err != nil {
				t.Fatalf("Write(%q) = %d, %v", p, n, err)
			}
		}
		if got, over := c.Bytes(); string(got) != tc.want || over != tc.overflow {
			t.Errorf("%q: kept %q (more: %v), want %q (%v)", tc.parts, got, over, tc.want, tc.overflow)
		}
	}
}

// TestStopEndsTheChild: a Stop Capped keeps the start, says more came, and ends the copy from a
// child that would write for ever, which then ends on the broken pipe, long before its limit.
func TestStopEndsTheChild(t *testing.T) {
	yes, err := exec.LookPath("yes")
	if err != nil {
		testneed.Missing(t, "no yes")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out := &Capped{Max: 10, Stop: true}
	c := exec.CommandContext(ctx, yes)
	c.Stdout = out
	if err := c.Run(); err == nil || ctx.Err() != nil {
		t.Fatalf("yes ended with %v, context %v: want a broken pipe before the minute", err, ctx.Err())
	}
	if got, over := out.Bytes(); string(got) != strings.Repeat("y\n", 5) || !over {
		t.Errorf("kept %q (more: %v)", got, over)
	}
}
