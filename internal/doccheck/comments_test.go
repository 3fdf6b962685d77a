package doccheck

import (
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
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

// docCitation finds where Go code cites a doc's section: docs/NAME.md, "Heading" (the first
// name, when several follow) or docs/NAME.md#anchor.
var docCitation = regexp.MustCompile(`docs/([a-z0-9-]+\.md)(?:, "([^"]+)"|#([a-z0-9-]+))`)

// commentBreak is where a comment goes on to its next line.
var commentBreak = regexp.MustCompile(`\n[ \t]*// ?`)

// TestCodeCitesSectionsThatExist: a comment that points to a doc's section for the rule or the
// measurement behind the code names a section there: a heading holding the name, or a bold lead
// (**Name**) of a list, or the anchor of a heading. A section renamed leaves no pointer
// behind it.
func TestCodeCitesSectionsThatExist(t *testing.T) {
	texts := map[string]string{}
	for _, d := range docs(t) {
		texts[d.rel] = testrepo.WithoutFences(d.text)
	}
	cited := 0
	for _, p := range testrepo.Packages(t) {
		for _, f := range slices.Concat(p.Sources(), p.TestGoFiles, p.XTestGoFiles) {
			rel := path.Join(p.Rel(), f)
			src := commentBreak.ReplaceAllString(testrepo.Read(t, rel), " ")
			for _, m := range docCitation.FindAllStringSubmatch(src, -1) {
				cited++
				doc, ok := texts["docs/"+m[1]]
				switch {
				case !ok:
					t.Errorf("%s cites docs/%s, which is not in the repository", rel, m[1])
				case m[3] != "" && !hasAnchor(doc, m[3]):
					t.Errorf("%s cites docs/%s#%s: no heading has that anchor", rel, m[1], m[3])
				case m[2] != "" && !hasSection(doc, m[2]):
					t.Errorf("%s cites docs/%s, %q: no heading or bold lead of it holds that name", rel, m[1], m[2])
				}
			}
		}
	}
	if cited < 20 {
		t.Fatalf("found %d citations of a doc's section in the code: the pattern finds too few", cited)
	}
}

// hasSection reports whether the Markdown doc has a heading whose text holds name, or a bold lead
// **name.
func hasSection(doc, name string) bool {
	for _, line := range strings.Split(doc, "\n") {
		if l := testrepo.HeadingLevel(line); l > 0 && strings.Contains(line[l:], name) {
			return true
		}
	}
	return strings.Contains(doc, "**"+name)
}
