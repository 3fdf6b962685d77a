package reviewguard

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docsLists are the lists of docs/supervisor.md ("What the reviewer may run") that say what the
// tables grant, made from the registry: each stands between <!-- reviewguard: NAME --> and
// <!-- /reviewguard -->.
func docsLists() map[string]string {
	var granted, globs []string
	for _, p := range registry() {
		granted = append(granted, p.name)
		if p.globSafe() {
			globs = append(globs, p.name)
		}
	}
	var git []string
	for name := range gitCommands() {
		git = append(git, name)
	}
	slices.Sort(git)
	return map[string]string{"granted": codeList(granted), "glob-safe": codeList(globs), "git": codeList(git)}
}

func codeList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "`" + n + "`"
	}
	return strings.Join(quoted, ", ") + "."
}

var docsBlock = regexp.MustCompile(`(?s)<!-- reviewguard: ([a-z-]+) -->\n(.*?)\n<!-- /reviewguard -->`)

// TestDocsListTheTables: the lists of docs/supervisor.md are the registry's, so that a program
// added to, or taken from, a table cannot leave the page behind. CCC_UPDATE_DOCS=1 writes them.
func TestDocsListTheTables(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "supervisor.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := docsLists()
	seen := map[string]bool{}
	updated := docsBlock.ReplaceAllStringFunc(string(data), func(block string) string {
		m := docsBlock.FindStringSubmatch(block)
		seen[m[1]] = true
		list, ok := want[m[1]]
		if !ok {
			t.Errorf("%s: a list %q the tables do not make", path, m[1])
			return block
		}
		if m[2] != list && os.Getenv("CCC_UPDATE_DOCS") == "" {
			t.Errorf("%s, list %q:\n%s\nthe tables grant:\n%s", path, m[1], m[2], list)
		}
		return "<!-- reviewguard: " + m[1] + " -->\n" + list + "\n<!-- /reviewguard -->"
	})
	for name := range want {
		if !seen[name] {
			t.Errorf("%s has no list %q", path, name)
		}
	}
	if os.Getenv("CCC_UPDATE_DOCS") != "" && updated != string(data) {
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
