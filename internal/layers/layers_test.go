package layers

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/ccc-hooks/ccc-hooks"

// floor returns the layer of a package of the module: 0 cmd, 1 installer, 2 hookrt, 3 settings,
// 4 the shared leaves (internal/..., plugins). ok is false for packages outside the floors
// (e2e, scripts).
func floor(pkg string) (n int, ok bool) {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case "cmd":
		return 0, true
	case "installer":
		return 1, true
	case "hookrt":
		return 2, true
	case "settings":
		return 3, true
	case "internal", "plugins":
		return 4, true
	}
	return 0, false
}

// TestImportFloors: every import between packages of the module goes down (or stays on its
// floor), never up: settings imports no hookrt, hookrt no installer, installer no cmd, and the
// internal packages none of them.
func TestImportFloors(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("decode go list: %v", err)
		}
		from, ok := floor(p.ImportPath)
		if !ok {
			continue
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			checked++
			if to, ok := floor(imp); !ok || to < from {
				t.Errorf("%s imports %s: an arrow back up (layers cmd → installer → hookrt → settings → internal)", p.ImportPath, imp)
			}
		}
	}
	if checked == 0 {
		t.Fatal("go list found no imports between the module's packages")
	}
}
