package reviewer

import (
	"context"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// SandboxCheck says whether Claude Code's Bash sandbox runs on path, the reviewer's PATH.
type SandboxCheck func(ctx context.Context, path string) bashsandbox.Finding

// SandboxCheckOf is bashsandbox.Check on this machine: the running system, programs looked up (by
// env.LookPathIn) on path, the PATH of the one who will run them (the reviewer's: Claude Code
// finds bwrap and socat there), and a trial run of bwrap in a process group of its own.
func SandboxCheckOf(env outside.Env) SandboxCheck {
	env = env.OrSystem()
	return func(ctx context.Context, path string) bashsandbox.Finding {
		lookPath := func(name string) (string, error) { return env.LookPathIn(name, path) }
		return bashsandbox.Check(ctx, bashsandbox.Machine{GOOS: runtime.GOOS, LookPath: lookPath, Output: proc.Output})
	}
}

// PlanSandbox plans Claude Code's Bash sandbox for a reviewer that runs in dir: dir and home, the
// user's home directory, read-only, the programs allowedTools (supervisor.allowed_tools) grants
// besides git left out of it (bashsandbox.Unsandboxed). None (nil) when a rule grants Bash as a
// whole, or where the copy-on-write wall stands (walled): bwrap refuses to nest the wall's
// namespaces, and the sandbox leaves files in .git (docs/claude-code.md, "The reviewer's Bash
// sandbox"). The review drops it where this machine cannot run it (Request.SandboxCheck).
func PlanSandbox(allowedTools []string, dir, home string, walled bool) *bashsandbox.Plan {
	excluded, all := bashsandbox.Unsandboxed(allowedTools)
	if all || walled {
		return nil
	}
	plan := &bashsandbox.Plan{Excluded: excluded}
	for _, p := range []string{dir, home} {
		if abs, err := filepath.Abs(p); err == nil && p != "" {
			plan.ReadOnly = append(plan.ReadOnly, abs)
		}
	}
	return plan
}

// sandbox is r.Sandbox where this machine can run it on path, the reviewer's PATH (asked before
// each review, and only with a plan: bwrap's trial run costs a process), else nil: without it
// the read-only hook holds alone, as it does everywhere.
func (r *Request) sandbox(ctx context.Context, path string) *bashsandbox.Plan {
	if r.Sandbox == nil || r.SandboxCheck == nil || !r.SandboxCheck(ctx, path).Available() {
		return nil
	}
	return r.Sandbox
}
