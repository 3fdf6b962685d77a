package layers

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestDocsDrawTheFloors: the floors as this package's comment draws them (a line a floor, top
// first) and as docs/architecture.md chains them (`cmd` → `installer` ∥ `hookrt` → …) name every
// part of mayImport once, and put each part above every part it may import: parts of one floor
// import neither each other nor anything above.
func TestDocsDrawTheFloors(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(testrepo.Root(t), "internal", "layers", "doc.go"), nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	checkFloors(t, "internal/layers/doc.go", drawnFloors(f.Doc.Text()))
	text, ok := testrepo.Section(testrepo.Read(t, "docs/architecture.md"), "## Layers")
	if !ok {
		t.Fatal("docs/architecture.md has no section ## Layers")
	}
	chain := chainPattern.FindString(strings.ReplaceAll(text, "\n", " "))
	if chain == "" {
		t.Fatal("docs/architecture.md, ## Layers: no chain of the floors (`cmd` → … → `internal`)")
	}
	var floors [][]string
	for _, floor := range strings.Split(chain, "→") {
		var parts []string
		for _, p := range strings.Split(floor, "∥") {
			parts = append(parts, strings.Trim(strings.TrimSpace(p), "`"))
		}
		floors = append(floors, parts)
	}
	checkFloors(t, "docs/architecture.md", floors)
}

// chainPattern finds a chain of the floors: code spans joined by → and ∥.
var chainPattern = regexp.MustCompile("`[a-z]+`(?:\\s*[→∥]\\s*`[a-z]+`)+")

// columns are what parts a drawing's columns: two spaces or more.
var columns = regexp.MustCompile(`\s{2,}`)

// drawnFloors reads the floors of a package comment's drawing: its indented lines, each the parts
// of a floor then what they know, apart by two spaces or more.
func drawnFloors(doc string) [][]string {
	var floors [][]string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "\t") {
			continue
		}
		fields := columns.Split(strings.TrimSpace(line), -1)
		floors = append(floors, fields[:max(len(fields)-1, 1)])
	}
	return floors
}

// checkFloors fails the test where floors (top first) are not the floors of mayImport.
func checkFloors(t *testing.T, where string, floors [][]string) {
	t.Helper()
	level := map[string]int{}
	for i, parts := range floors {
		for _, p := range parts {
			if _, known := mayImport[p]; !known {
				t.Errorf("%s draws %q, which is no part of mayImport", where, p)
			}
			if _, twice := level[p]; twice {
				t.Errorf("%s draws %s twice", where, p)
			}
			level[p] = i
		}
	}
	for from, tos := range mayImport {
		if _, drawn := level[from]; !drawn {
			t.Errorf("%s leaves out %s", where, from)
			continue
		}
		for _, to := range tos {
			if l, drawn := level[to]; drawn && l <= level[from] {
				t.Errorf("%s draws %s on floor %d and %s, which it may import, on floor %d: imports go down", where, from, level[from], to, l)
			}
		}
	}
	if t.Failed() {
		t.Logf("%s draws %v", where, floors)
	}
}
