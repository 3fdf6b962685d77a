package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// outsideHome is the package that reads the world outside a run for the hook runtime.
const outsideHome = module + "/internal/outside"

// outsideReads are what reading the outside world spells, by import path: the environment, the
// working directory, this binary's path, the user's home, this process's identity, the standard
// streams, the clock (read as it is, or as the time since or until a moment), a PATH lookup, a
// program started and the Claude Code window. The hook run takes each from its outside.Env. A
// timer is no read: a bound on a wait must be real time, which a test's clock would take away;
// the Env's clock is the time a record or a message carries.
var outsideReads = map[string][]string{
	"os": {
		"Getenv", "LookupEnv", "Environ", "Getwd", "Executable", "Stdout", "Stderr", "UserHomeDir",
		"Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "Hostname",
	},
	"os/exec":                     {"LookPath", "Command", "CommandContext"},
	"time":                        {"Now", "Since", "Until"},
	module + "/internal/window":   {"Of"},
	module + "/internal/lookpath": {"In", "Absolute"},
}

// leafReads are the files below the hook runtime whose work is a read of the outside world: the
// names each may spell, and why.
var leafReads = map[string]struct {
	names []string
	why   string
}{
	"internal/proc/proc.go":             {[]string{"exec.CommandContext"}, "it starts the child programs, each in a process group of its own"},
	"internal/proc/watchdog_unix.go":    {[]string{"exec.Command"}, "the watchdog that kills a child's group is a child program"},
	"internal/window/window_linux.go":   {[]string{"os.Getpid"}, "a window is found from this process up"},
	"internal/window/window_darwin.go":  {[]string{"os.Getpid"}, "a window is found from this process up"},
	"internal/window/window_windows.go": {[]string{"os.Getpid"}, "a window is found from this process up"},
	"internal/paths/place.go":           {[]string{"os.Geteuid"}, "a home that is another user's is not this user's place"},
	"internal/safefile/owner_unix.go":   {[]string{"os.Geteuid"}, "who may write a file is this process's identity"},
	"internal/safefile/privs_unix.go":   {[]string{"os.Geteuid", "os.Getegid"}, "who may write a file is this process's identity"},
	"internal/safefile/removetree.go":   {[]string{"os.Geteuid"}, "who may remove a file is this process's identity"},
	"internal/safefile/within.go":       {[]string{"os.Geteuid"}, "who may write a file is this process's identity"},
	"internal/safefile/resolve.go":      {[]string{"os.Getwd"}, "a relative path is resolved as the kernel resolves it"},
	"internal/safefile/displaced.go":    {[]string{"time.Now", "time.Since"}, "it measures a wait against its bound"},
	"settings/files.go":                 {[]string{"os.Geteuid"}, "an error says who this process is"},
	"settings/record.go":                {[]string{"os.Geteuid"}, "an error says who this process is"},
	"settings/store.go":                 {[]string{"time.Now", "time.Since"}, "it measures a wait against its bound; a backup's name reads FileStore.Now"},
	"hookrt/workflow/notify.go":         {[]string{"exec.Command"}, "the notification program is left to run past the hook's end, which proc.Command would not let it"},
	"hookrt/checks/tree.go":             {[]string{"os.Getuid"}, "the fingerprint skips files another user owns, as the wall does"},
	"internal/wall/gitconfig_linux.go":  {[]string{"lookpath.Absolute"}, "the wall is a tree of processes and mounts of its own, proven by running it (testdata/wall)"},
	"internal/wall/layout_linux.go":     {[]string{"os.Geteuid"}, "the wall is a tree of processes and mounts of its own, proven by running it (testdata/wall)"},
	"internal/wall/output_linux.go":     {[]string{"time.Now"}, "it measures a check's run"},
	"internal/wall/refusal_linux.go":    {[]string{"exec.Command", "os.Getuid", "os.Getgid"}, "the wall is a tree of processes and mounts of its own, proven by running it (testdata/wall)"},
	"internal/wall/start_linux.go":      {[]string{"time.Now"}, "it measures a check's run"},
	"internal/wall/wall_linux.go":       {[]string{"exec.Command", "lookpath.Absolute", "os.Geteuid", "time.Now"}, "the wall is a tree of processes and mounts of its own, proven by running it (testdata/wall)"},
	"internal/wall/wall_darwin.go":      {[]string{"time.Now", "time.Since"}, "it measures a check's run"},
}

// TestOutsideHasOneHome: no package the hook runtime links (hookrt, and every package of the
// module below it that a hook run reaches) reads the outside world but internal/outside, which
// builds the one Env of a run (outside.System), and the leaves whose work it is (leafReads);
// every other part of the run reads it through that Env, so that a value a test sets reaches all
// of it. Every reference counts, a call or a function handed on as a value, in the Go files of
// every system; tests and the test-only packages are left out.
func TestOutsideHasOneHome(t *testing.T) {
	testneed.Program(t, "go")
	out, err := exec.Command("go", "list", "-deps", "-test=false", module+"/hookrt/...").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	linked := map[string]bool{}
	for _, d := range strings.Fields(string(out)) {
		linked[d] = true
	}
	checked, used := 0, map[string]bool{}
	for _, p := range testrepo.Packages(t) {
		rel := p.Rel()
		if !linked[p.ImportPath] || p.ImportPath == outsideHome || slices.Contains(testOnly, rel) {
			continue
		}
		for _, f := range p.Sources() {
			checked++
			leaf := leafReads[rel+"/"+f]
			for _, found := range outsideReadsIn(t, filepath.Join(p.Dir, f)) {
				if slices.Contains(leaf.names, found) {
					used[rel+"/"+f+" "+found] = true
					continue
				}
				t.Errorf("%s/%s reads the outside world with %s: take it from the run's outside.Env", rel, f, found)
			}
		}
	}
	if checked == 0 || !linked[module+"/internal/safefile"] {
		t.Fatal("go list found no file below the hook runtime")
	}
	for file, leaf := range leafReads {
		for _, name := range leaf.names {
			if !used[file+" "+name] {
				t.Errorf("leafReads grants %s in %s, which does not spell it (or is no longer linked): take it out", name, file)
			}
		}
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
	if want := "run.LookPath os.Getenv time.Since window.Of os.Getpid"; got != want {
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
