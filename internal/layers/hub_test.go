package layers

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// supervisorImports finds, in docs/architecture.md, the sentence that lists the module's packages
// the supervisor imports.
var supervisorImports = regexp.MustCompile(`The supervisor imports [a-z]+ of the module's packages:([^.]+)\.`)

// maxSupervisorImports is the most of the module's packages the supervisor may import: it keeps
// the policy, and hands the review's process to hookrt/reviewer.
const maxSupervisorImports = 9

// TestSupervisorIsNoHub: hookrt/supervisor imports at most maxSupervisorImports of the module's
// packages, exactly those docs/architecture.md lists, so that a new one is a choice the docs say.
func TestSupervisorIsNoHub(t *testing.T) {
	m := supervisorImports.FindStringSubmatch(strings.ReplaceAll(testrepo.Read(t, "docs/architecture.md"), "\n", " "))
	if m == nil {
		t.Fatal("docs/architecture.md lists no packages the supervisor imports (\"The supervisor imports ... of the module's packages: ...\")")
	}
	var listed []string
	for _, name := range strings.Split(strings.ReplaceAll(m[1], " and ", ","), ",") {
		if name = strings.Trim(strings.TrimSpace(name), "`"); name != "" {
			listed = append(listed, name)
		}
	}
	var imports []string
	for _, p := range testrepo.Packages(t) {
		if p.ImportPath != module+"/hookrt/supervisor" {
			continue
		}
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				imports = append(imports, rel)
			}
		}
	}
	slices.Sort(listed)
	slices.Sort(imports)
	if !slices.Equal(listed, imports) {
		t.Errorf("hookrt/supervisor imports %v; docs/architecture.md lists %v", imports, listed)
	}
	if len(imports) > maxSupervisorImports {
		t.Errorf("hookrt/supervisor imports %d of the module's packages, more than %d: move what is not the supervisor's policy out", len(imports), maxSupervisorImports)
	}
}
