package supervisor

import (
	"context"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// sandbox plans Claude Code's Bash sandbox for the reviewer, which runs in dir: dir and the home
// directory read-only, the programs supervisor.allowed_tools grants besides git left out of it
// (bashsandbox.Unsandboxed). None (nil) when a rule grants Bash as a whole, or where the
// copy-on-write wall stands (walled): bwrap refuses to nest the wall's namespaces, and the
// sandbox leaves files in .git (docs/claude-code.md, "The reviewer's Bash sandbox"). The reviewer
// drops it where this machine cannot run it (sandboxCheck).
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
