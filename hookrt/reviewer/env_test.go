package reviewer

import (
	"slices"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/google/go-cmp/cmp"
)

// TestEnviron: the reviewer keeps the session's variables but ours, those that make bash run
// code first, and those the project's settings set that are not the provider's;
// ours come last, set afresh.
func TestEnviron(t *testing.T) {
	t.Parallel()
	env := []string{
		"PATH=/usr/bin", GuardEnv + "=1", ReviewDirEnv + "=/p", "BASH_ENV=/p/x", "BASH_FUNC_ls%%=() { :; }",
		"PROJECT_VAR=1", "ANTHROPIC_BASE_URL=https://gw", "https_proxy=http://proxy", "AWS_PROFILE=team",
		"AWS_CONFIG_FILE=/p/aws", "USER_VAR=1", "LD_LIBRARY_PATH=/opt/lib",
	}
	project := []string{"PROJECT_VAR", "ANTHROPIC_BASE_URL", "https_proxy", "AWS_PROFILE", "AWS_CONFIG_FILE"}
	want := []string{
		"PATH=/usr/bin", "ANTHROPIC_BASE_URL=https://gw", "https_proxy=http://proxy", "AWS_PROFILE=team",
		"USER_VAR=1", "LD_LIBRARY_PATH=/opt/lib",
	}
	want = slices.Concat(want, gitview.Hardening(), []string{GuardEnv + "=1", ReviewDirEnv + "=", WallEnv + "=0"})
	if diff := cmp.Diff(want, (&Request{Env: env, Surroundings: Surroundings{ProjectEnv: project}}).environ()); diff != "" {
		t.Errorf("environ (-want +got):\n%s", diff)
	}
}
