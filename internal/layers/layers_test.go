package layers

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

const module = testrepo.Module

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
	for _, p := range testrepo.Packages(t) {
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

// networkPackages are the network clients of the standard library: a package that imports one
// (directly or not) can open a connection of its own, and a binary that links one pays for its
// start-up (net/http and crypto/tls: some 0.25 ms of every hook run, docs/performance.md).
var networkPackages = []string{"net/http", "net/rpc", "net/smtp", "crypto/tls"}

// TestHookReachesNoNetwork: the ccc-hooks binary links no network client, and no package of the
// hook's runtime (hookrt and below it) imports internal/release, which asks the release host
// through curl or wget for `ccc-hooks version --check`: no hook run can reach the network, nor
// wait on one. (The hook's process is checked too, by the syscalls it makes:
// testdata/script/hook_no_network.txtar.)
func TestHookReachesNoNetwork(t *testing.T) {
	testneed.Program(t, "go")
	deps := func(pkgs ...string) []string {
		out, err := exec.Command("go", append([]string{"list", "-deps", "-test=false"}, pkgs...)...).Output()
		if err != nil {
			t.Fatalf("go list -deps %v: %v", pkgs, err)
		}
		return strings.Fields(string(out))
	}
	binary := deps(module + "/cmd/ccc-hooks")
	if !slices.Contains(binary, module+"/internal/release") {
		t.Fatal("go list -deps lists no internal/release in the binary")
	}
	for _, n := range networkPackages {
		if slices.Contains(binary, n) {
			t.Errorf("the ccc-hooks binary links %s", n)
		}
	}
	for _, rel := range testOnly {
		if slices.Contains(binary, module+"/"+rel) {
			t.Errorf("the ccc-hooks binary links %s, which only tests may import", rel)
		}
	}
	hook := deps(module + "/hookrt/...")
	if !slices.Contains(hook, module+"/hookrt/supervisor") {
		t.Fatal("go list -deps lists no hookrt package")
	}
	if slices.Contains(hook, module+"/internal/release") {
		t.Error("the hook's runtime (hookrt/...) depends on internal/release, which asks the release host")
	}
}
