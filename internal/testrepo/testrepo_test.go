package testrepo

import (
	"slices"
	"strings"
	"testing"
)

const doc = "# Title\n\nintro `a/b.go`\n\n## One\n\n| k | v |\n|---|---|\n| `x` | 1 |\n| y | `z`, `w` |\n\n" +
	"```\n## not a heading `c/d.go`\n```\n\n### Deeper\n\ntext\n\n## Two\n\nlast\n"

// TestSection: a section runs to the next heading of its level or above, past deeper ones and
// past what looks like a heading in fenced code; under the title, to the next heading.
func TestSection(t *testing.T) {
	one, ok := Section(doc, "## One")
	if !ok || !contains(one, "### Deeper") || contains(one, "last") {
		t.Errorf("## One = %q, %v", one, ok)
	}
	if title, _ := Section(doc, "# Title"); title != "\nintro `a/b.go`\n" {
		t.Errorf("# Title = %q", title)
	}
	if _, ok := Section(doc, "## Three"); ok {
		t.Error("found a section that is not there")
	}
}

// TestTable: the rows of the first table, header and separator left out, cells trimmed.
func TestTable(t *testing.T) {
	one, _ := Section(doc, "## One")
	got := Table(one)
	want := [][]string{{"`x`", "1"}, {"y", "`z`, `w`"}}
	if len(got) != len(want) || !slices.Equal(got[0], want[0]) || !slices.Equal(got[1], want[1]) {
		t.Errorf("Table = %q; want %q", got, want)
	}
}

// TestCodeSpans: every code span outside fenced code.
func TestCodeSpans(t *testing.T) {
	if got, want := CodeSpans(doc), []string{"a/b.go", "x", "z", "w"}; !slices.Equal(got, want) {
		t.Errorf("CodeSpans = %q; want %q", got, want)
	}
	if HeadingLevel("### x") != 3 || HeadingLevel("#x") != 0 || HeadingLevel("text") != 0 {
		t.Error("HeadingLevel")
	}
}

// contains reports whether s has the line line.
func contains(s, line string) bool { return slices.Contains(strings.Split(s, "\n"), line) }
