package supervisor

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// CheckSandbox is bashsandbox.Check on this machine: the running system, the PATH of this
// process (which the reviewer inherits) and a trial run of bwrap in a process group of its own.
func CheckSandbox(ctx context.Context) bashsandbox.Finding {
	return bashsandbox.Check(ctx, bashsandbox.Env{GOOS: runtime.GOOS, LookPath: exec.LookPath, Output: proc.Output})
}

// sandbox plans Claude Code's Bash sandbox for the reviewer: the directory it runs in and the
// home directory read-only, the programs supervisor.allowed_tools grants besides git left out of
// it (bashsandbox.Unsandboxed). None (nil) when a rule grants Bash as a whole, or when this
// machine has no sandbox (asked before each review, and only then: bwrap's trial run costs a
// process). Without it the read-only hook holds alone, as it does everywhere.
func (s *supervision) sandbox(ctx context.Context) *bashsandbox.Plan {
	excluded, all := bashsandbox.Unsandboxed(s.opts.Config.AllowedTools)
	if all || !s.opts.Review.Sandbox(ctx).Available() {
		return nil
	}
	dir := reviewDir(s.ev.CWD)
	if dir == "" {
		dir, _ = os.Getwd()
	}
	plan := &bashsandbox.Plan{Excluded: append(excluded, s.checksOutside(dir)...)}
	for _, p := range []string{dir, paths.HomeDir(s.opts.Getenv)} {
		if abs, err := filepath.Abs(p); err == nil && p != "" {
			plan.ReadOnly = append(plan.ReadOnly, abs)
		}
	}
	return plan
}

// checksOutside is the pattern of the reviewer's own runs of a check (grantCheck), which run
// behind the copy-on-write wall and so outside Claude Code's sandbox: the wall makes namespaces
// of its own, which bwrap's sandbox refuses to nest (2.1.328 and 2.1.332: docs/claude-code.md,
// "A PreToolUse allow that rewrites the call"). The read-only hook still judges every Bash
// command: only its own rewrite of an exact check's command starts this way. None when no check
// applies to dir.
func (s *supervision) checksOutside(dir string) []string {
	if len(s.opts.Config.ChecksFor(dir)) == 0 {
		return nil
	}
	self, err := s.opts.Executable()
	if err != nil {
		return nil
	}
	return []string{shellword.POSIX.Program(self) + " supervisor checks:*"}
}
