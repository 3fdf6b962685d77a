package claudeversion

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// versionPattern finds version numbers in prose.
var versionPattern = regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)

// TestDocsNameTheTestedVersions: the sections of the READMEs and docs that say which Claude Code
// versions the project is tested on name the file and exactly the versions it lists, so that a
// version added to (or taken off) tested.txt without them fails here.
func TestDocsNameTheTestedVersions(t *testing.T) {
	want := TestedList()
	var wantVersions []string
	for _, v := range Tested() {
		wantVersions = append(wantVersions, v.String())
	}
	for _, tt := range []struct{ file, heading string }{
		{"README.md", "## Testing"},
		{"README.zh-CN.md", "## 测试"},
		{"e2e/README.md", "# End-to-end tests"}, // its opening paragraph
		{"e2e/README.md", "### Prerequisites"},
		{"docs/testing.md", "### The Claude Code versions"},
	} {
		data, err := os.ReadFile(filepath.Join("..", "..", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		text, ok := section(string(data), tt.heading)
		if !ok {
			t.Errorf("%s: no section %q", tt.file, tt.heading)
			continue
		}
		got := versionPattern.FindAllString(text, -1)
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, wantVersions) {
			t.Errorf("%s, section %q names Claude Code versions %v; %s lists %s", tt.file, tt.heading, got, File, want)
		}
		if !strings.Contains(text, File) && !strings.Contains(text, "install-claude-code.sh") {
			t.Errorf("%s, section %q does not name %s", tt.file, tt.heading, File)
		}
	}
}

// section returns the text under the Markdown heading line heading, up to the next heading of the
// same or a higher level; under the document's title ("# …"), up to the next heading. Fenced code
// is not looked into for headings.
func section(doc, heading string) (string, bool) {
	level := strings.IndexFunc(heading, func(r rune) bool { return r != '#' })
	if level == 1 {
		level = 6
	}
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, heading)
	if start < 0 {
		return "", false
	}
	fenced := false
	for i := start + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(lines[i], "#") {
			continue
		}
		if l := strings.IndexFunc(lines[i], func(r rune) bool { return r != '#' }); l <= level && strings.HasPrefix(lines[i][l:], " ") {
			return strings.Join(lines[start+1:i], "\n"), true
		}
	}
	return strings.Join(lines[start+1:], "\n"), true
}
