//go:build unix

package e2e

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// missing fails the test on CI (or with CCC_E2E_REQUIRED=1) and skips it loudly elsewhere,
// saying what to install (testneed.MissingE2E).
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	testneed.MissingE2E(t, fmt.Sprintf(format, args...))
}

// RequireTmux locates tmux, or skips (fails on CI) with install instructions.
func RequireTmux(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("tmux")
	if err != nil {
		missing(t, "tmux not found on PATH; interactive scenarios need it. "+
			"Install it (apt-get install tmux, brew install tmux).")
	}
	return p
}

// RequireBashSandbox checks that Claude Code's Bash sandbox can run here, as the supervisor asks
// before a review (bwrap and socat on Linux, where bwrap must also make a sandbox; macOS always),
// or skips (fails on CI) saying what to install.
func RequireBashSandbox(t testing.TB) {
	t.Helper()
	f := reviewer.SandboxCheckOf(outside.System(io.Discard))(context.Background(), os.Getenv("PATH"))
	switch {
	case f.Backend == "":
		t.Skip("Claude Code has no Bash sandbox on this system")
	case len(f.Missing) > 0:
		missing(t, "%s not found on PATH; Claude Code's Bash sandbox needs them. "+
			"Install them (apt-get install bubblewrap socat).", strings.Join(f.Missing, " and "))
	case f.Broken != "":
		missing(t, "bwrap cannot make a sandbox here (%s); Claude Code's Bash sandbox needs user namespaces.", f.Broken)
	}
}

// RequireWall checks that this machine gives the copy-on-write wall the supervisor's checks run
// behind (package wall: user namespaces and overlays, or root), or skips (fails on CI) saying why.
func RequireWall(t testing.TB) {
	t.Helper()
	if err := wall.Probe(context.Background(), ""); err != nil {
		missing(t, "the copy-on-write wall for supervisor.checks cannot stand here (%v); it needs user namespaces and overlayfs (Linux 5.12 or later), or root.", err)
	}
}
