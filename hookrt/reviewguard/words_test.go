package reviewguard

import (
	"testing"
)

// TestWordEdges: the readers of a word's text never read past its end, and refuse a backslash
// with nothing after it.
func TestWordEdges(t *testing.T) {
	t.Parallel()
	if _, err := unquotedChars(`a\`); err == nil {
		t.Error(`unquotedChars("a\\") read a backslash at the end of a word`)
	}
	if got := string(bytesOf(doubleQuotedChars(`a\`))); got != `a\` {
		t.Errorf(`doubleQuotedChars("a\\") = %q, want the backslash kept`, got)
	}
	if got := string(bytesOf(doubleQuotedChars(`\$\"\x`))); got != `$"\x` {
		t.Errorf(`doubleQuotedChars = %q`, got)
	}
}
