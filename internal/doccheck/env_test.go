package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// e2eVariable is a variable of the environment the end-to-end suite reads.
var e2eVariable = regexp.MustCompile(`CCC_E2E_[A-Z_]+`)

// TestE2EReadmeNamesEveryVariable: the table of e2e/README.md's "### Environment" names every
// CCC_E2E_ variable the suite's code (and testneed, which it calls) spells, and no other.
func TestE2EReadmeNamesEveryVariable(t *testing.T) {
	root := testrepo.Root(t)
	var want []string
	for _, dir := range []string{"e2e", filepath.Join("internal", "testneed")} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, e2eVariable.FindAllString(string(data), -1)...)
		}
	}
	var got []string
	for _, row := range testrepo.Table(sectionOf(t, "e2e/README.md", "### Environment")) {
		for _, span := range testrepo.CodeSpans(row[0]) {
			got = append(got, e2eVariable.FindAllString(span, -1)...)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	want, got = slices.Compact(want), slices.Compact(got)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("e2e/README.md, ### Environment names %v; the code reads %v", got, want)
	}
}
