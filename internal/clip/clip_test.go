package clip

import "testing"

func TestOneLine(t *testing.T) {
	if got := OneLine(" a\tb\n\n c  \r\n"); got != "a b c" {
		t.Errorf("OneLine = %q", got)
	}
}

// TestLastLine: the last line of a tool's output, whole.
func TestLastLine(t *testing.T) {
	for in, want := range map[string]string{
		"--2026-11-28--  http://x/\nConnecting to x... failed: Connection refused.\n": "Connecting to x... failed: Connection refused.",
		"curl: (7) Failed to connect": "curl: (7) Failed to connect",
		"":                            "",
	} {
		if got := LastLine(in); got != want {
			t.Errorf("LastLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTruncate: a text of n bytes is whole; a longer one is cut to n bytes or fewer, never
// inside a character, and marked.
func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"aé", 2, "a…"},
		{"aé", 3, "aé"},
		{"日本", 4, "日…"},
		{"x", 0, "…"},
	} {
		if got := Truncate(tc.in, tc.n); got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
