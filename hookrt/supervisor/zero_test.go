//go:build unix

package supervisor

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestZeroOptions: Options left empty are the system's outside world (outside.Env.OrSystem):
// Handle panics nowhere, keeps its state under the home the environment names, and, with the
// supervisor on, runs the claude on PATH, counted under its cap.
func TestZeroOptions(t *testing.T) {
	home := hooktest.SystemHome(t)
	bin := filepath.Join(home, "bin")
	testfs.Write(t, filepath.Join(bin, "claude"), "#!/bin/sh\n"+hooktest.ReviewScript(false, "not done"), 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	out, err := run(context.Background(), hooktest.Stop("zero"), Options{})
	if err != nil || out == nil || out.Reason == nil || *out.Reason != ReasonDisabled {
		t.Fatalf("with nothing set: %+v, %v; want the stop let through, the supervisor off", out, err)
	}

	on := config.Default()
	on.Enabled, on.MaxIterations = true, 1
	for i, want := range []string{"block", ""} {
		out, err := run(context.Background(), hooktest.Stop("zero"), Options{Config: on})
		if err != nil || out == nil || out.Decision != want {
			t.Fatalf("stop %d with the supervisor on: %+v, %v; want decision %q (reviewed, then at the cap)", i+1, out, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".claude", "ccc", "supervisor-zero.json")); err != nil {
		t.Errorf("the session's state is not under the home the environment names: %v", err)
	}
}
