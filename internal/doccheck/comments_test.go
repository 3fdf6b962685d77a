package doccheck

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// goFile finds the names of Go files in prose.
var goFile = regexp.MustCompile(`\b[a-z][a-z0-9_]*\.go\b`)

// TestPackageCommentsNameTheirFiles: a package comment that names Go files names files of its
// own package (its tests included); the comment of a doc.go, a package's map, names every file
// of the package.
func TestPackageCommentsNameTheirFiles(t *testing.T) {
	for _, p := range testrepo.Packages(t) {
		files := slices.Concat(p.Sources(), p.TestGoFiles, p.XTestGoFiles)
		for _, f := range p.Sources() {
			file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			if file.Doc == nil {
				continue
			}
			named := goFile.FindAllString(file.Doc.Text(), -1)
			for _, n := range named {
				if !slices.Contains(files, n) {
					t.Errorf("%s/%s: the package comment names %s, which is no file of the package", p.Rel(), f, n)
				}
			}
			if f != "doc.go" || len(named) == 0 {
				continue
			}
			for _, s := range p.Sources() {
				if s != "doc.go" && !slices.Contains(named, s) {
					t.Errorf("%s/doc.go: the package comment leaves out %s", p.Rel(), s)
				}
			}
		}
	}
}
