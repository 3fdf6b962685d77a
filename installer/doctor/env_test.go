package doctor

import (
	"context"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
)

// TestZeroEnv: an Env left empty is the real one, never one with a side effect left out: every
// check runs without a panic, a program run is bounded by DefaultTimeout, and the wall of
// supervisor.checks is tried behind the real one, so that the checks' row says it stands or why
// not, never that it was not tried.
func TestZeroEnv(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	e := Env{}.withDefaults()
	if e.Getenv == nil || e.LookPath == nil || e.Output == nil || e.Wall == nil || e.GOOS == "" || e.Build == (buildinfo.Info{}) {
		t.Fatalf("a zero Env leaves a side effect out: %+v", e)
	}
	if e.timeout() != DefaultTimeout {
		t.Errorf("a zero Env bounds each program by %s, want %s", e.timeout(), DefaultTimeout)
	}
	s := snap(user(supervisor(ourCmd, 2000)))
	s.Config = config.Default()
	s.ProjectDir = t.TempDir()
	s.Config.Checks = []config.Check{{Command: "go test ./...", TimeoutSeconds: 300}}
	var row string
	for _, r := range Run(context.Background(), s, Checks(Env{})) {
		if r.Check == (checksCheck{}).Name() && strings.Contains(r.Message, "before each Stop review") {
			row = r.Message
		}
	}
	if !strings.Contains(row, "each runs behind a copy-on-write wall") && !strings.Contains(row, "refused on this machine") {
		t.Errorf("the checks' row with a zero Env: %q; want the wall tried", row)
	}
	if _, err := NewEnv(nil, nil).LookPath("no-such-program-of-ccc-hooks"); err == nil {
		t.Error("NewEnv(nil, nil).LookPath found a program that is nowhere")
	}
}
