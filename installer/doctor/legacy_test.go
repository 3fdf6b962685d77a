package doctor

import "testing"

func TestLegacyCheck(t *testing.T) {
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"none", snap(user(supervisor(ourCmd, 600))), []want{{StatusOK, []string{"no entries of the older"}}}},
		{"legacy alone", snap(user(stop("ccc supervisor-hook"))), []want{{StatusWarn, []string{
			"user settings has an entry of the older `ccc supervisor-hook` on Stop", "replace it with `ccc-hooks install --scope user --yes`",
		}}}},
		{"legacy next to ours", snap(project(supervisor("/usr/bin/ccc supervisor-hook", 600)), user(supervisor(ourCmd, 600))), []want{{StatusWarn, []string{
			"2 entries", "on Stop, PreToolUse[AskUserQuestion]", "reviewed twice",
			"replace them with `ccc-hooks install --scope project --project-dir /work/p --yes`",
		}}}},
		{"ccc-hooks supervisor-hook is ours", snap(user(stop("ccc-hooks supervisor-hook"))), []want{{StatusOK, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, legacyCheck{}, tt.s, tt.want) })
	}
}
