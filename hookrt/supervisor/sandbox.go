package supervisor

import (
	"context"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// sandbox plans Claude Code's Bash sandbox for the reviewer, which runs in dir with the
// environment built from the hook's: dir and the home directory read-only, the programs supervisor.allowed_tools
// grants besides git left out of it (bashsandbox.Unsandboxed). None where the copy-on-write wall
// stands (walled): every Bash command then runs behind the wall (throughWall), which makes
// namespaces of its own that bwrap's sandbox refuses to nest, so each would be left out of the
// sandbox, and the sandbox itself leaves files in the repository's .git (2.1.328 and 2.1.332:
// docs/claude-code.md, "The reviewer's Bash sandbox"). None (nil) when a rule grants Bash
// as a whole, or when this machine has no sandbox on the reviewer's PATH (asked before each
// review by the reviewer, sandboxCheck).
func (s *supervision) sandbox(dir string, walled bool) *bashsandbox.Plan {
	excluded, all := bashsandbox.Unsandboxed(s.opts.Config.AllowedTools)
	if all || walled {
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

// sandboxCheck says whether Claude Code's Bash sandbox runs on path, the reviewer's PATH
// (reviewer.CheckSandbox, unless ReviewOptions.Sandbox says).
func (s *supervision) sandboxCheck(ctx context.Context, path string) bashsandbox.Finding {
	if s.opts.Review.Sandbox != nil {
		return s.opts.Review.Sandbox(ctx)
	}
	return reviewer.CheckSandbox(ctx, s.opts.Env, path)
}
