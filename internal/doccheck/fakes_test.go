package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// structuredOutput finds a JSON object that carries structured_output, as a test's text writes
// it (in a Go string or a script, quotes escaped or not).
var structuredOutput = regexp.MustCompile(`structured_output\\?"\s*:`)

// structuredTest is the one test that reads structured_output, which only a --json-schema run
// prints (docs/testing.md, "Unit and script tests").
const structuredTest = "hookrt/reviewer/verdict_test.go"

// TestOnlyOneTestPrintsStructuredOutput: the fake reviewers print what the real reviewer prints,
// which carries no structured_output: the only test file that writes it is the one of the test
// docs/testing.md names, and that test is there.
func TestOnlyOneTestPrintsStructuredOutput(t *testing.T) {
	root := testrepo.Root(t)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") && !strings.HasSuffix(path, ".txtar") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.ToSlash(rel) != structuredTest && structuredOutput.Match(data) {
			t.Errorf("%s writes structured_output, which the reviewer never prints: write what it prints (package fakereview)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	unit := sectionOf(t, "docs/testing.md", "## Unit and script tests")
	if !strings.Contains(unit, "One unit test reads `structured_output` (`TestParseOutputStructured`)") {
		t.Error("docs/testing.md no longer names the one test that reads structured_output")
	}
	if !strings.Contains(testrepo.Read(t, structuredTest), "func TestParseOutputStructured(") {
		t.Errorf("%s holds no TestParseOutputStructured", structuredTest)
	}
}
