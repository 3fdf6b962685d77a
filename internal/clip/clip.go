// Package clip shortens text for a message, a log line or a prompt: on one line, its last line,
// or cut to a number of bytes.
package clip

import (
	"strings"
	"unicode/utf8"
)

// OneLine returns s with every run of white space, line breaks included, made one space, and
// none at either end.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// LastLine returns the last line of s, white space at its ends trimmed first.
func LastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// Truncate returns s (valid UTF-8) where it is at most n bytes long, else its first n bytes cut
// back to a whole character and marked "…".
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "…"
}
