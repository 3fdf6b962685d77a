package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestFuzzTableNamesEveryTarget: the table of docs/testing.md's "## Fuzzing" names every fuzz
// target of the module, each with its package, and no other.
func TestFuzzTableNamesEveryTarget(t *testing.T) {
	var want []string
	for _, p := range testrepo.Packages(t) {
		for _, f := range slices.Concat(p.TestGoFiles, p.XTestGoFiles) {
			file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Fuzz") {
					want = append(want, fn.Name.Name+" in "+p.Rel())
				}
			}
		}
	}
	var got []string
	for _, row := range testrepo.Table(sectionOf(t, "docs/testing.md", "## Fuzzing")) {
		for _, target := range testrepo.CodeSpans(row[0]) {
			got = append(got, target+" in "+strings.Trim(row[1], "`"))
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("docs/testing.md, ## Fuzzing does not name %s", w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("docs/testing.md, ## Fuzzing names %s, which is no fuzz target there", g)
		}
	}
	if len(want) == 0 {
		t.Fatal("found no fuzz target")
	}
}
