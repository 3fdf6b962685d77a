package doctor

import (
	"context"
	"errors"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
)

func TestChecksCheck(t *testing.T) {
	withChecks := func(timeout int, checks ...config.Check) *Snapshot {
		s := snap(user(supervisor(ourCmd, timeout)))
		s.Config = config.Default()
		s.ProjectDir = "/home/u/web"
		s.Config.Checks = checks
		return s
	}
	goTest := config.Check{Command: "go test ./...", TimeoutSeconds: 300}
	web := config.Check{Command: "npm test", TimeoutSeconds: 120, Project: "/home/u/web"}
	other := config.Check{Command: "cargo test", TimeoutSeconds: 60, Project: "/home/u/rust"}
	refused := errors.New("mount the copy-on-write layer on /home/u/web: operation not permitted")
	tests := []struct {
		name string
		s    *Snapshot
		wall error
		want []want
	}{
		{"none", withChecks(600), nil, []want{{StatusOK, []string{"none: reviews weigh the agent's words", `supervisor.checks (e.g. ["go test ./..."])`}}}},
		{"none for this project", withChecks(2000, other), nil, []want{{StatusOK, []string{"none for /home/u/web (the 1 of supervisor.checks name other projects)"}}}},
		{"behind the wall", withChecks(2000, goTest, web, other), nil, []want{{StatusOK, []string{
			`2 checks before each Stop review of /home/u/web: "go test ./..." (300s), "npm test" (120s); each runs behind a copy-on-write wall`,
		}}}},
		{"refused here", withChecks(2000, goTest), refused, []want{{StatusWarn, []string{
			"refused on this machine, never run bare: mount the copy-on-write layer on /home/u/web: operation not permitted", "user namespaces and overlayfs",
		}}}},
		{"no room for the review", withChecks(600, goTest, web), nil, []want{
			{StatusOK, []string{"2 checks"}},
			{StatusWarn, []string{"Stop in user settings has timeout 600, less than the checks' limits (420s) and supervisor.timeout_seconds (600) together", "`ccc-hooks install --scope user --timeout 1020`"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := Env{Wall: func(context.Context) error { return tt.wall }}
			checkResults(t, checksCheck{env}, tt.s, tt.want)
		})
	}
}
