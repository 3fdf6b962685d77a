package reviewguard

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEnvironment(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  []string
		want []string
	}{
		{[]string{"HOME=/h", "GIT_OPTIONAL_LOCKS=1"}, []string{
			"HOME=/h", "GIT_CONFIG_KEY_0=diff.ignoreSubmodules", "GIT_CONFIG_VALUE_0=all",
			"GIT_CONFIG_KEY_1=submodule.recurse", "GIT_CONFIG_VALUE_1=false",
			"GIT_CONFIG_KEY_2=core.fsmonitor", "GIT_CONFIG_VALUE_2=false",
			"GIT_CONFIG_COUNT=3", "GIT_OPTIONAL_LOCKS=0",
		}},
		// The user's own settings keep their places; ours come after them.
		{[]string{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=user.name", "GIT_CONFIG_VALUE_0=A"}, []string{
			"GIT_CONFIG_KEY_0=user.name", "GIT_CONFIG_VALUE_0=A",
			"GIT_CONFIG_KEY_1=diff.ignoreSubmodules", "GIT_CONFIG_VALUE_1=all",
			"GIT_CONFIG_KEY_2=submodule.recurse", "GIT_CONFIG_VALUE_2=false",
			"GIT_CONFIG_KEY_3=core.fsmonitor", "GIT_CONFIG_VALUE_3=false",
			"GIT_CONFIG_COUNT=4", "GIT_OPTIONAL_LOCKS=0",
		}},
		{[]string{"GIT_CONFIG_COUNT=0"}, []string{
			"GIT_CONFIG_KEY_0=diff.ignoreSubmodules", "GIT_CONFIG_VALUE_0=all",
			"GIT_CONFIG_KEY_1=submodule.recurse", "GIT_CONFIG_VALUE_1=false",
			"GIT_CONFIG_KEY_2=core.fsmonitor", "GIT_CONFIG_VALUE_2=false",
			"GIT_CONFIG_COUNT=3", "GIT_OPTIONAL_LOCKS=0",
		}},
		// A count git cannot read stays one git refuses: every git fails.
		{[]string{"GIT_CONFIG_COUNT=x"}, []string{"GIT_CONFIG_COUNT=invalid", "GIT_OPTIONAL_LOCKS=0"}},
	}
	for _, tt := range tests {
		got := Environment(slices.Clone(tt.env))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Environment(%q) (-want +got):\n%s", tt.env, diff)
		}
	}
}
