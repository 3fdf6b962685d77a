package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// TestCompleteSession: the sessions offered are those of supervisor-<id>.json files only; the
// state of another part (workflow-<id>.json) and the logs name no session to complete.
func TestCompleteSession(t *testing.T) {
	env, _, _ := testEnv(t)
	home := paths.Home(env.Getenv)
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"supervisor-s1.json", "workflow-s2.json", "supervisor-s3.log", "supervisor-bad id.json"} {
		if err := os.WriteFile(filepath.Join(home, name), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got, directive := completeSession(env)(nil, nil, "")
	if diff := cmp.Diff([]cobra.Completion{"s1"}, got); diff != "" {
		t.Errorf("completions (-want +got):\n%s", diff)
	}
	if directive != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("directive = %v, want NoFileComp", directive)
	}
}
