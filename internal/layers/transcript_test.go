package layers

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// transcriptHome is the one package that reads Claude Code's session transcripts.
const transcriptHome = module + "/hookrt/transcript"

// transcriptWords are what reading a transcript spells: the tail read of safefile, and the keys
// and values of the records the hook looks at.
var transcriptWords = []string{
	"safefile.ReadTail(", `"turnOrigin"`, `"promptId"`, `"queued_command"`, `"scheduled_task_fire"`,
	`"tool_use"`, `"message.content"`, `"message.role"`,
}

// testOnly are the packages of the floors that only tests import (the binary links none of them,
// TestHookReachesNoNetwork): they may write transcript lines as test data.
var testOnly = []string{"hookrt/internal/hooktest", "installer/pluginhooks", "internal/testfs", "internal/testuser", "internal/winetest", "internal/testneed", "internal/testproc", "internal/testrepo", "internal/fakereview"}

// TestTranscriptHasOneHome: package hookrt/transcript alone reads Claude Code's transcripts and
// knows their records (no other package's code spells transcriptWords, safefile that defines
// ReadTail and the test-only packages aside), and it stands on the leaves only: it knows files
// and records, not events or decisions.
func TestTranscriptHasOneHome(t *testing.T) {
	found := false
	for _, p := range testrepo.Packages(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if p.ImportPath == transcriptHome {
			found = true
			for _, imp := range p.Imports {
				if strings.HasPrefix(imp, module+"/") && part(imp) != "internal" {
					t.Errorf("%s imports %s: it may import only internal packages", p.ImportPath, imp)
				}
			}
			continue
		}
		if _, floor := mayImport[part(p.ImportPath)]; !floor || slices.Contains(testOnly, rel) || rel == "internal/safefile" {
			continue
		}
		for _, f := range p.GoFiles {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range transcriptWords {
				if strings.Contains(string(data), w) {
					t.Errorf("%s/%s spells %s: reading Claude Code's transcript belongs in %s", rel, f, w, transcriptHome)
				}
			}
		}
	}
	if !found {
		t.Fatalf("go list did not list %s", transcriptHome)
	}
}
