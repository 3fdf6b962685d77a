package claudeversion

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
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
		text, ok := testrepo.Section(testrepo.Read(t, tt.file), tt.heading)
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
