//go:build unix

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
)

// TestDoctorReadsClaudeCodeVersion: `ccc-hooks doctor --json` with the real Claude Code as the
// supervisor's claude reads its version and places it against the tested versions: "a version
// ccc-hooks is tested on" for each listed one, "newer than" for a release being tried.
func TestDoctorReadsClaudeCodeVersion(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply { return Say("OK.") })
	sc.Install(t, sc.product)
	res := sc.MustCCC(t, sc.product, "doctor", "--json", "--project-dir", sc.Project)
	var results []struct{ Check, Status, Message string }
	if err := json.Unmarshal([]byte(res.Stdout), &results); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, res.Stdout)
	}
	want := "a version ccc-hooks is tested on"
	switch v := sc.Claude.V; {
	case v.Compare(claudeversion.Newest()) > 0:
		want = "newer than the versions ccc-hooks is tested on"
	case v.Compare(claudeversion.Oldest()) < 0:
		want = "older than " + claudeversion.Oldest().String()
	case !claudeversion.IsTested(v):
		want = "between versions ccc-hooks is tested on"
	}
	for _, r := range results {
		if r.Check != "claude" {
			continue
		}
		if !strings.Contains(r.Message, sc.Claude.Path) || !strings.Contains(r.Message, sc.Claude.Version+": "+want) {
			t.Errorf("doctor's claude check: %s %q; want it to name %s and say %q", r.Status, r.Message, sc.Claude.Path, sc.Claude.Version+": "+want)
		}
		return
	}
	t.Fatalf("doctor reported no claude check:\n%s", res.Stdout)
}
