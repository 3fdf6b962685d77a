// Package testrepo is for tests only: the repository as the tests that hold its docs to its code
// read it: its root, its Go packages as go list reports them, and its Markdown docs, by section,
// table and code span.
package testrepo

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// Module is the module path of the repository.
const Module = "github.com/ccc-hooks/ccc-hooks"

// Root returns the repository's root: the nearest directory above the working directory that
// holds go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Read returns the text of the file rel (slash-separated, from the root).
func Read(t testing.TB, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(t), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// InstallLine returns the command the README gives a new user to install ccc-hooks: the first
// line of the first sh block of its Install section.
func InstallLine(t testing.TB) string {
	t.Helper()
	section, ok := Section(Read(t, "README.md"), "## Install")
	if ok {
		_, section, ok = strings.Cut(section, "```sh\n")
	}
	line, _, _ := strings.Cut(section, "\n")
	if !ok || line == "" {
		t.Fatal("the README's Install section holds no sh block")
	}
	return line
}

// Package is what go list tells of a package of the module.
type Package struct {
	ImportPath, Name, Dir                        string
	GoFiles, TestGoFiles, XTestGoFiles           []string
	Imports, TestImports                         []string
	IgnoredGoFiles, CgoFiles, OtherFiles, SFiles []string
}

// Rel is the package's directory from the root, slash-separated ("" for the root).
func (p Package) Rel() string {
	return strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, Module), "/")
}

// Sources are the package's Go files that are not tests, for every system (go list names those
// built on this one in GoFiles, the others in IgnoredGoFiles).
func (p Package) Sources() []string {
	var out []string
	for _, f := range slices.Concat(p.GoFiles, p.CgoFiles, p.IgnoredGoFiles) {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Packages lists the module's packages with go list; without the go command the test is skipped.
func Packages(t testing.TB) []Package {
	t.Helper()
	testneed.Program(t, "go")
	c := exec.Command("go", "list", "-json", Module+"/...")
	c.Dir = Root(t)
	out, err := c.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []Package
	for {
		var p Package
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatalf("decode go list: %v", err)
		}
		pkgs = append(pkgs, p)
	}
}

// Section returns the text under the Markdown heading line heading, up to the next heading of the
// same or a higher level; under the document's title ("# …"), up to the next heading. Fenced code
// is not looked into for headings.
func Section(doc, heading string) (string, bool) {
	level := HeadingLevel(heading)
	if level == 1 {
		level = 6
	}
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, heading)
	if start < 0 {
		return "", false
	}
	fenced := false
	for i := start + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "```") {
			fenced = !fenced
		}
		if l := HeadingLevel(lines[i]); !fenced && l > 0 && l <= level {
			return strings.Join(lines[start+1:i], "\n"), true
		}
	}
	return strings.Join(lines[start+1:], "\n"), true
}

// HeadingLevel is the level of a Markdown heading line ("## x" is 2), 0 for another line.
func HeadingLevel(line string) int {
	l := strings.IndexFunc(line, func(r rune) bool { return r != '#' })
	if l <= 0 || !strings.HasPrefix(line[l:], " ") {
		return 0
	}
	return l
}

// Table returns the rows of the first Markdown table in text, each a slice of its cells
// trimmed; the header row and the separator row are left out.
func Table(text string) [][]string {
	var rows [][]string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") {
			if in {
				break
			}
			continue
		}
		if !in {
			in = true
			continue // the header
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
			continue // the separator
		}
		rows = append(rows, cells)
	}
	return rows
}

// codeSpan is a Markdown code span of one backtick.
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// CodeSpans returns the text of every code span of text (`like this`), fenced code left out.
func CodeSpans(text string) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(WithoutFences(text), -1) {
		out = append(out, m[1])
	}
	return out
}

// WithoutCode returns text with its fenced code blocks left out and each code span emptied:
// Markdown reads no link inside either.
func WithoutCode(text string) string {
	return codeSpan.ReplaceAllString(WithoutFences(text), "``")
}

// WithoutFences returns text with its fenced code blocks left out.
func WithoutFences(text string) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
