package layers

import (
	"slices"
	"strings"
	"testing"

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
