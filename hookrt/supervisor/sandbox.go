package supervisor

import (
	"context"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// CheckSandbox is bashsandbox.Check on this machine: the running system, programs looked up (by
// env.LookPathIn) on path, the PATH of the one who will run them (the reviewer's: Claude Code
// finds bwrap and socat there), and a trial run of bwrap in a process group of its own.
func CheckSandbox(ctx context.Context, env hookenv.Env, path string) bashsandbox.Finding {
	lookPath := func(name string) (string, error) { return env.LookPathIn(name, path) }
	return bashsandbox.Check(ctx, bashsandbox.Env{GOOS: runtime.GOOS, LookPath: lookPath, Output: proc.Output})
}

// sandbox plans Claude Code's Bash sandbox for the reviewer, which runs in dir with the
// environment env: dir and the home directory read-only, the programs supervisor.allowed_tools
// grants besides git left out of it (bashsandbox.Unsandboxed), and, where the copy-on-write wall
// stands (walled), the runs behind it (wallOutside). None (nil) when a rule grants Bash
// as a whole, or when this machine has no sandbox on the reviewer's PATH (asked before each
// review, and only then: bwrap's trial run costs a process). Without it the read-only hook holds
// alone, as it does everywhere.
func (s *supervision) sandbox(ctx context.Context, dir string, env []string, walled bool) *bashsandbox.Plan {
	excluded, all := bashsandbox.Unsandboxed(s.opts.Config.AllowedTools)
	if all {
		return nil
	}
	check := s.opts.Review.Sandbox
	if check == nil {
		check = func(ctx context.Context) bashsandbox.Finding {
			return CheckSandbox(ctx, s.opts.Env, proc.Getenv(env, "PATH"))
		}
	}
	if !check(ctx).Available() {
		return nil
	}
	plan := &bashsandbox.Plan{Excluded: append(excluded, s.wallOutside(walled)...)}
	for _, p := range []string{dir, paths.HomeDir(s.opts.Getenv)} {
		if abs, err := filepath.Abs(p); err == nil && p != "" {
			plan.ReadOnly = append(plan.ReadOnly, abs)
		}
	}
	return plan
}

// wallOutside is the pattern of the reviewer's commands sent behind the copy-on-write wall
// (throughWall), which run outside Claude Code's sandbox: the wall makes namespaces of its own,
// which bwrap's sandbox refuses to nest (2.1.328 and 2.1.332: docs/claude-code.md, "A PreToolUse
// allow that rewrites the call"), and it holds more. Only the hook's own rewrite starts this way:
// the read-only rule refuses the reviewer's own spelling of it. None where the wall does not
// stand.
func (s *supervision) wallOutside(walled bool) []string {
	if !walled {
		return nil
	}
	self, err := s.opts.Executable()
	if err != nil {
		return nil
	}
	return []string{shellword.POSIX.Program(self) + " supervisor checks:*"}
}
