//go:build linux || darwin

package wall

import (
	"bytes"
	"strings"
	"testing"
)

// TestTailKeepsTheEnd: what is kept is the end of what was written, in order, however it came.
func TestTailKeepsTheEnd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chunk int // the size of each write
		parts []string
	}{
		{"little", 7000, []string{"a\n", "b\n"}},
		{"many small writes", 15, []string{strings.Repeat("line of output\n", 20000)}},
		{"one large write", 1 << 30, []string{strings.Repeat("0123456789", MaxOutput/5)}},
		{"large after small", 1 << 30, []string{"head\n", strings.Repeat("z", MaxOutput+3), "end\n"}},
		{"pieces past twice the bound", 7000, []string{strings.Repeat("y", 3*MaxOutput)}},
		{"exactly the bound at once", 1 << 30, []string{strings.Repeat("b", MaxOutput)}},
		{"one past the bound at once", 1 << 30, []string{strings.Repeat("c", MaxOutput+1)}},
		{"exactly twice the bound in two", MaxOutput, []string{strings.Repeat("d", 2*MaxOutput)}},
		{"twice the bound and one", MaxOutput, []string{strings.Repeat("e", 2*MaxOutput) + "f"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var all bytes.Buffer
			tl := &tail{}
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
			got, truncated := tl.bytes()
			want := all.Bytes()
			if len(want) > MaxOutput {
				want = want[len(want)-MaxOutput:]
			}
			if !bytes.Equal(got, want) || truncated != (all.Len() > MaxOutput) {
				t.Errorf("kept %d bytes (truncated %v), want the last %d of %d", len(got), truncated, len(want), all.Len())
			}
		})
	}
}
