package doccheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// layout returns the rows of docs/architecture.md's table of packages, by the directory of their
// first cell.
func layout(t *testing.T) map[string]string {
	t.Helper()
	rows := map[string]string{}
	for _, row := range testrepo.Table(sectionOf(t, "docs/architecture.md", "## Layout")) {
		rows[strings.Trim(row[0], "`")] = strings.Join(row[1:], " | ")
	}
	if len(rows) == 0 {
		t.Fatal("docs/architecture.md, ## Layout: no table")
	}
	return rows
}

// TestLayoutNamesEveryPackage: docs/architecture.md's table of packages names every package of the
// module in a code span (a row of its own, or in its parent's row, or one of its files; a program
// of scripts/ by its folder in the scripts row), and each row is a directory of the repository.
func TestLayoutNamesEveryPackage(t *testing.T) {
	rows := layout(t)
	var named []string
	for dir, text := range rows {
		named = append(named, dir)
		named = append(named, testrepo.CodeSpans(text)...)
		if fi, err := os.Stat(filepath.Join(testrepo.Root(t), filepath.FromSlash(dir))); err != nil || !fi.IsDir() {
			t.Errorf("docs/architecture.md, ## Layout has a row %q, which is no directory of the repository", dir)
		}
	}
	scripts := testrepo.CodeSpans(rows["scripts"])
	for _, p := range testrepo.Packages(t) {
		rel := p.Rel()
		if rel == "" || slices.ContainsFunc(named, func(n string) bool { return n == rel || strings.HasPrefix(n, rel+"/") }) {
			continue
		}
		if dir, prog, ok := strings.Cut(rel, "/"); ok && dir == "scripts" {
			top, _, _ := strings.Cut(prog, "/")
			if slices.Contains(scripts, top) {
				continue
			}
		}
		t.Errorf("docs/architecture.md, ## Layout does not name the package %s", rel)
	}
}

// TestLayoutNamesEveryScript: the scripts row of docs/architecture.md names every script and
// folder of scripts/, and no script (.sh) or path below it that is not there.
func TestLayoutNamesEveryScript(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(testrepo.Root(t), "scripts"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			name += "/"
		}
		want = append(want, name)
	}
	var got []string
	for _, span := range testrepo.CodeSpans(layout(t)["scripts"]) {
		if !strings.Contains(span, " ") {
			got = append(got, span)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) && !slices.Contains(got, strings.TrimSuffix(w, "/")) {
			t.Errorf("docs/architecture.md, ## Layout: the scripts row does not name scripts/%s", w)
		}
	}
	for _, g := range got {
		if strings.HasSuffix(g, ".sh") && !slices.Contains(want, g) {
			t.Errorf("docs/architecture.md, ## Layout: the scripts row names %s, which scripts/ does not hold", g)
		}
		if _, err := os.Stat(filepath.Join(testrepo.Root(t), "scripts", filepath.FromSlash(g))); strings.Contains(g, "/") && err != nil {
			t.Errorf("docs/architecture.md, ## Layout: the scripts row names %s, which scripts/ does not hold", g)
		}
	}
}

// TestReadmeLinksEveryDoc: the README's "## Documentation" links every page of docs/.
func TestReadmeLinksEveryDoc(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(testrepo.Root(t), "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("docs/*.md: %v, %d pages", err, len(pages))
	}
	text := sectionOf(t, "README.md", "## Documentation")
	for _, p := range pages {
		if rel := "docs/" + filepath.Base(p); !strings.Contains(text, "]("+rel+")") {
			t.Errorf("README.md, ## Documentation does not link %s", rel)
		}
	}
}
