//go:build unix

package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
)

// TestCleanupPeriodDaysDefault: Claude Code deletes a session's transcripts cleanupPeriodDays
// days after they were last written, 30 when the setting is not given (its bundled source reads
// `settings.cleanupPeriodDays ?? X` with X defined as 30); after that the session cannot be
// resumed. ccc-hooks home keeps a session's files as long by default (retention_days,
// docs/claude-code.md "How long Claude Code keeps a session").
func TestCleanupPeriodDaysDefault(t *testing.T) {
	claude := RequireClaude(t)
	path, err := filepath.EvalSymlinks(claude.Path)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	uses := defaultsOf(src, []byte(".cleanupPeriodDays??"))
	if len(uses) == 0 {
		t.Fatalf("%s (%s): no `cleanupPeriodDays ?? default` in its source", path, claude.Version)
	}
	for _, name := range uses {
		defs := numbersOf(src, name)
		t.Logf("%s: cleanupPeriodDays ?? %s, %s = %v", claude.Version, name, name, defs)
		if len(defs) == 0 {
			t.Errorf("%s: cleanupPeriodDays ?? %s, and %s is given no number", claude.Version, name, name)
		}
		for _, n := range defs {
			if n != config.DefaultRetentionDays {
				t.Errorf("%s: cleanupPeriodDays defaults to %s=%d; retention_days defaults to %d", claude.Version, name, n, config.DefaultRetentionDays)
			}
		}
	}
}

// defaultsOf returns the names that follow each `expr` in src (a source of some hundred MB: a
// plain search, where a regular expression takes minutes).
func defaultsOf(src, expr []byte) []string {
	var out []string
	for rest := src; ; {
		i := bytes.Index(rest, expr)
		if i < 0 {
			return out
		}
		rest = rest[i+len(expr):]
		if n := identLen(rest); n > 0 {
			out = append(out, string(rest[:n]))
		}
	}
}

// numbersOf returns the numbers src assigns to name: `name=30,` or `name=30;`, name not part of
// a longer identifier or a property.
func numbersOf(src []byte, name string) []int {
	var out []int
	key := []byte(name + "=")
	for off := 0; ; {
		i := bytes.Index(src[off:], key)
		if i < 0 {
			return out
		}
		at := off + i
		off = at + len(key)
		if at > 0 && (identByte(src[at-1]) || src[at-1] == '.') {
			continue
		}
		digits := 0
		for off+digits < len(src) && '0' <= src[off+digits] && src[off+digits] <= '9' {
			digits++
		}
		if digits > 0 && off+digits < len(src) && (src[off+digits] == ',' || src[off+digits] == ';') {
			n, _ := strconv.Atoi(string(src[off : off+digits]))
			out = append(out, n)
		}
	}
}

func identLen(b []byte) int {
	n := 0
	for n < len(b) && identByte(b[n]) {
		n++
	}
	return n
}

func identByte(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
