package doccheck

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestDocsNamePathsThatExist: every path of the repository a doc names in a code span
// (`hookrt/run.go`, `testdata/script/*.txtar`, `internal/fakereview/captured/<version>/`) is
// there (a pattern or a placeholder in it matching something), and every relative link leads to
// a file, and to a heading of it where it names one. Dated records are left out (see the package
// comment).
func TestDocsNamePathsThatExist(t *testing.T) {
	root := testrepo.Root(t)
	tops := topEntries(t, root)
	for _, d := range docs(t) {
		for _, span := range testrepo.CodeSpans(d.current()) {
			p, ok := repoPath(span, tops)
			if !ok {
				continue
			}
			if matches, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(p))); len(matches) == 0 {
				t.Errorf("%s names `%s`, which is not in the repository", d.rel, span)
			}
		}
		for _, m := range link.FindAllStringSubmatch(testrepo.WithoutCode(d.text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			rel := d.rel
			if file != "" {
				rel = path.Join(path.Dir(d.rel), file)
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
			if err != nil {
				if fi, serr := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); serr != nil || !fi.IsDir() {
					t.Errorf("%s links to %s, which is not in the repository", d.rel, target)
				}
				continue
			}
			if anchor != "" && strings.HasSuffix(rel, ".md") && !hasAnchor(string(data), anchor) {
				t.Errorf("%s links to %s: %s has no heading #%s", d.rel, target, rel, anchor)
			}
		}
	}
}

// link finds the targets of Markdown links, [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// topEntries returns the names at the top of the repository: a code span naming a path below
// one of them is a path of the repository.
func topEntries(t *testing.T, root string) map[string]bool {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, e := range entries {
		out[e.Name()] = e.Name() != ".git" // a worktree's .git is git's, not the repository's
	}
	return out
}

// placeholder is a part of a path a doc fills in: <version>, <name>.
var placeholder = regexp.MustCompile(`<[^<>/]+>`)

// repoPath returns the glob pattern of the repository path a code span names, if it names one:
// a path of two parts or more (no spaces) below a top entry of the repository. A placeholder or
// Go's "..." matches anything; a trailing "/" or ":line" goes.
func repoPath(span string, tops map[string]bool) (string, bool) {
	p := strings.TrimPrefix(span, "./")
	if strings.ContainsAny(p, " \t$=") || !strings.Contains(strings.TrimSuffix(p, "/"), "/") {
		return "", false
	}
	top, _, _ := strings.Cut(p, "/")
	if !tops[top] {
		return "", false
	}
	p, _, _ = strings.Cut(p, ":")
	p = strings.TrimSuffix(p, "/")
	p = placeholder.ReplaceAllString(p, "*")
	p = strings.ReplaceAll(p, "...", "*")
	return p, true
}

// hasAnchor reports whether the Markdown doc has a heading whose anchor, as GitHub makes it, is
// anchor.
func hasAnchor(doc, anchor string) bool {
	for _, line := range strings.Split(testrepo.WithoutFences(doc), "\n") {
		if l := testrepo.HeadingLevel(line); l > 0 && slug(line[l+1:]) == anchor {
			return true
		}
	}
	return false
}

// slug is GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f && !strings.ContainsRune("“”‘’…—–·、，。：；（）", r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lineCitation finds code cited by line number: `file.go` 123, file.go:123.
var lineCitation = regexp.MustCompile("`[\\w./-]+\\.go` \\(?\\d|[\\w/-]+\\.go:\\d")

// TestDocsCiteNoLineNumbers: the docs cite code by file and function, never by line number, which
// moves with every change (records included).
func TestDocsCiteNoLineNumbers(t *testing.T) {
	for _, d := range docs(t) {
		for i, line := range strings.Split(testrepo.WithoutFences(d.text), "\n") {
			if m := lineCitation.FindString(line); m != "" {
				t.Errorf("%s, line %d cites %q by line number: name the function", d.rel, i+1, m)
			}
		}
	}
}
