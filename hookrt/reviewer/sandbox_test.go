package reviewer

import (
	"context"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// TestSandboxOnlyWhereItRuns: the planned sandbox is kept where this machine runs it on the
// reviewer's PATH, and dropped where it does not or nothing can tell (the read-only hook then
// holds alone); with no plan the machine is not asked.
func TestSandboxOnlyWhereItRuns(t *testing.T) {
	plan := &bashsandbox.Plan{ReadOnly: []string{"/p"}}
	has := bashsandbox.Finding{Backend: "bubblewrap"}
	lacks := bashsandbox.Finding{Backend: "bubblewrap", Missing: []string{"bwrap"}}
	for _, tc := range []struct {
		name    string
		plan    *bashsandbox.Plan
		machine *bashsandbox.Finding // nil: no SandboxCheck
		want    *bashsandbox.Plan
		asked   bool
	}{
		{"runs here", plan, &has, plan, true},
		{"missing here", plan, &lacks, nil, true},
		{"no way to tell", plan, nil, nil, false},
		{"no plan", nil, &has, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Request{Sandbox: tc.plan}
			asked := ""
			if tc.machine != nil {
				r.SandboxCheck = func(_ context.Context, path string) bashsandbox.Finding { asked = path; return *tc.machine }
			}
			if got := r.sandbox(context.Background(), "/the/reviewer's/bin"); got != tc.want {
				t.Errorf("sandbox = %v, want %v", got, tc.want)
			}
			if want := map[bool]string{true: "/the/reviewer's/bin"}[tc.asked]; asked != want {
				t.Errorf("the machine asked on %q, want %q", asked, want)
			}
		})
	}
}
