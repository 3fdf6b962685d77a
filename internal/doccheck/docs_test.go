package doccheck

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// doc is a Markdown doc of the repository.
type doc struct {
	rel  string // slash-separated, from the root
	text string
}

// docs returns the repository's docs: docs/*.md and every README.md (the product's own texts,
// prompts and slash commands, are not docs).
func docs(t *testing.T) []doc {
	t.Helper()
	root := testrepo.Root(t)
	var out []doc
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && rel != "." || d.Name() == "node_modules" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, ".md") || strings.HasPrefix(d.Name(), "README")) && strings.HasSuffix(rel, ".md") {
			out = append(out, doc{rel: rel, text: testrepo.Read(t, rel)})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 5 {
		t.Fatalf("found %d docs", len(out))
	}
	return out
}

// datedHeading is the heading of a record of one day.
var datedHeading = regexp.MustCompile(`^#+ .*\(\d{4}-\d{2}-\d{2}\)$`)

// current returns the text of d without its dated records (see the package comment).
func (d doc) current() string {
	var b strings.Builder
	level := 0 // of the record being left out; 0 when none
	for _, line := range strings.Split(testrepo.WithoutFences(d.text), "\n") {
		if l := testrepo.HeadingLevel(line); l > 0 && (level == 0 || l <= level) {
			level = 0
			if datedHeading.MatchString(line) {
				level = l
			}
		}
		if level == 0 {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// sectionOf returns the section heading of rel, failing the test when there is none.
func sectionOf(t *testing.T, rel, heading string) string {
	t.Helper()
	text, ok := testrepo.Section(testrepo.Read(t, rel), heading)
	if !ok {
		t.Fatalf("%s has no section %q", rel, heading)
	}
	return text
}
