package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// outsideHome is the one package of the hook runtime that reads the world outside a hook run.
const outsideHome = module + "/internal/outside"

// outsideReads are what reading the outside world spells, by import path: the environment, the
// working directory, this binary's path, the standard streams, the clock (read as it is, or as
// the time since or until a moment), a PATH lookup and the Claude Code window. The hook run takes
// each from its outside.Env.
var outsideReads = map[string][]string{
	"os":                          {"Getenv", "LookupEnv", "Environ", "Getwd", "Executable", "Stdout", "Stderr"},
	"os/exec":                     {"LookPath"},
	"time":                        {"Now", "Since", "Until"},
	module + "/internal/window":   {"Of"},
	module + "/internal/lookpath": {"In", "Absolute"},
}

// TestOutsideHasOneHome: no package of the hook runtime (hookrt and below it) reads the outside
// world but internal/outside, which builds the one Env of a run (outside.System); every other part
// of the run reads it through that Env, so that a value a test sets reaches all of it. Every
// reference counts, a call or a function handed on as a value, in the Go files of every system;
// tests and the test-only hooktest are left out.
func TestOutsideHasOneHome(t *testing.T) {
	checked := 0
	for _, p := range testrepo.Packages(t) {
		rel := p.Rel()
		if part(p.ImportPath) != "hookrt" || p.ImportPath == outsideHome || slices.Contains(testOnly, rel) {
			continue
		}
		for _, f := range p.Sources() {
			checked++
			for _, found := range outsideReadsIn(t, filepath.Join(p.Dir, f)) {
				t.Errorf("%s/%s reads the outside world with %s: take it from the run's outside.Env", rel, f, found)
			}
		}
	}
	if checked == 0 {
		t.Fatal("go list found no file of hookrt")
	}
}

// TestOutsideReadsAreFound: the reader finds each spelling of outsideReads, under the name its
// import gives the package, as a call or a value; not a method of the same name, nor a name of
// another package.
func TestOutsideReadsAreFound(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.go")
	src := `package x

import (
	"os"
	run "os/exec"
	"time"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

var look = run.LookPath

func f(e interface{ Now() time.Time }) {
	_ = os.Getenv("HOME")
	_ = time.Since(e.Now())
	_ = window.Of
	_ = e.Now()
	_ = os.Getpid()
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(outsideReadsIn(t, file), " ")
	if want := "run.LookPath os.Getenv time.Since window.Of"; got != want {
		t.Errorf("found %q, want %q", got, want)
	}
}

// outsideReadsIn lists the references of the Go file at path to outsideReads, as written.
func outsideReadsIn(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][]string{} // the name an import goes by in the file: what it must not spell
	for _, imp := range f.Imports {
		importPath, _ := strconv.Unquote(imp.Path.Value)
		reads, ok := outsideReads[importPath]
		if !ok {
			continue
		}
		name := importPath[strings.LastIndex(importPath, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = reads
	}
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && slices.Contains(names[x.Name], sel.Sel.Name) {
			found = append(found, x.Name+"."+sel.Sel.Name)
		}
		return true
	})
	return found
}
