package reviewer

import (
	"context"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// CheckSandbox is bashsandbox.Check on this machine: the running system, programs looked up (by
// env.LookPathIn) on path, the PATH of the one who will run them (the reviewer's: Claude Code
// finds bwrap and socat there), and a trial run of bwrap in a process group of its own.
func CheckSandbox(ctx context.Context, env hookenv.Env, path string) bashsandbox.Finding {
	lookPath := func(name string) (string, error) { return env.LookPathIn(name, path) }
	return bashsandbox.Check(ctx, bashsandbox.Env{GOOS: runtime.GOOS, LookPath: lookPath, Output: proc.Output})
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
