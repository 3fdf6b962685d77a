package supervisor

import (
	"context"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
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
// grants besides git left out of it (bashsandbox.Unsandboxed). None where the copy-on-write wall
// stands (walled): every Bash command then runs behind the wall (throughWall), which makes
// namespaces of its own that bwrap's sandbox refuses to nest, so each would be left out of the
// sandbox, and the sandbox itself leaves files in the repository's .git (2.1.328 and 2.1.332:
// docs/claude-code.md, "The reviewer's Bash sandbox"). None (nil) when a rule grants Bash
// as a whole, or when this machine has no sandbox on the reviewer's PATH (asked before each
// review, and only then: bwrap's trial run costs a process). Without it the read-only hook holds
// alone, as it does everywhere.
func (s *supervision) sandbox(ctx context.Context, dir string, env []string, walled bool) *bashsandbox.Plan {
	excluded, all := bashsandbox.Unsandboxed(s.opts.Config.AllowedTools)
	if all || walled {
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
	plan := &bashsandbox.Plan{Excluded: excluded}
	for _, p := range []string{dir, paths.HomeDir(s.opts.Getenv)} {
		if abs, err := filepath.Abs(p); err == nil && p != "" {
			plan.ReadOnly = append(plan.ReadOnly, abs)
		}
	}
	return plan
}
