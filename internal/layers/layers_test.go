package layers

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/ccc-hooks/ccc-hooks"

// mayImport lists, for each part of the module, the other parts its packages may import. A part
// always imports itself (installer/doctor imports installer). Parts not listed (e2e, scripts)
// are outside the floors.
var mayImport = map[string][]string{
	"cmd":       {"installer", "hookrt", "config", "internal", "plugins"},
	"installer": {"settings", "config", "internal", "plugins"},
	"hookrt":    {"settings", "config", "internal", "plugins"},
	"config":    {"settings", "internal"},
	"settings":  {"internal"},
	"internal":  {},
	"plugins":   {},
}

// part returns the top directory of a package of the module ("cmd" for cmd/ccc-hooks).
func part(pkg string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	top, _, _ := strings.Cut(rel, "/")
	return top
}

// allowed reports whether a package in part from may import a package in part to.
func allowed(from, to string) bool {
	return from == to || slices.Contains(mayImport[from], to)
}

// TestMayImport pins the table's rules themselves, so an edit that opens an arrow back up fails
// here before any package uses it.
func TestMayImport(t *testing.T) {
	forbidden := [][2]string{
		{"cmd", "settings"},
		{"installer", "hookrt"},
		{"hookrt", "installer"},
		{"settings", "config"},
		{"settings", "installer"},
		{"config", "hookrt"},
		{"config", "installer"},
		{"internal", "settings"},
		{"installer", "cmd"},
		{"hookrt", "cmd"},
	}
	for _, f := range forbidden {
		if allowed(f[0], f[1]) {
			t.Errorf("%s may import %s", f[0], f[1])
		}
	}
	if !allowed("installer", "installer") || !allowed("cmd", "installer") {
		t.Error("a part may import itself and cmd may import installer")
	}
}

// TestImportFloors: every import between packages of the module follows mayImport, the imports
// of a package's own tests included. External test packages (package x_test) stand above the
// floors, as Go lets them: plugins_test checks the plugins against the installer.
func TestImportFloors(t *testing.T) {
	checked := 0
	for _, p := range listPackages(t) {
		from := part(p.ImportPath)
		if _, ok := mayImport[from]; !ok {
			continue
		}
		for _, imp := range slices.Concat(p.Imports, p.TestImports) {
			if !strings.HasPrefix(imp, module+"/") || imp == p.ImportPath {
				continue
			}
			checked++
			if to := part(imp); !allowed(from, to) {
				t.Errorf("%s imports %s: %s may import only %v", p.ImportPath, imp, from, mayImport[from])
			}
		}
	}
	if checked == 0 {
		t.Fatal("go list found no imports between the module's packages")
	}
}

// goPackage is what go list tells of a package of the module.
type goPackage struct {
	ImportPath, Dir               string
	GoFiles, Imports, TestImports []string
}

// listPackages lists the module's packages with go list; without the go command the test is
// skipped.
func listPackages(t *testing.T) []goPackage {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,Imports,TestImports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []goPackage
	for {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatalf("decode go list: %v", err)
		}
		pkgs = append(pkgs, p)
	}
}

// networkPackages are the packages through which a program reaches the network on its own: a
// package that imports one of them (directly or not) can open a connection.
var networkPackages = []string{"net/http", "net/rpc", "net/smtp", "crypto/tls", module + "/internal/release"}

// TestHookReachesNoNetwork: no package of the hook's runtime (hookrt and below it) imports a
// package that reaches the network, so no hook run waits on one; `ccc-hooks version --check`,
// which asks the release host, lives in cmd and internal/release alone. (The hook's process is
// checked too, by the syscalls it makes: testdata/script/hook_no_network.txtar.)
func TestHookReachesNoNetwork(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	out, err := exec.Command("go", "list", "-deps", "-test=false", module+"/hookrt/...").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, module+"/hookrt/supervisor") {
		t.Fatalf("go list -deps lists no hookrt package:\n%s", out)
	}
	for _, n := range networkPackages {
		if slices.Contains(deps, n) {
			t.Errorf("the hook's runtime (hookrt/...) depends on %s", n)
		}
	}
}
