package cmd

import (
	"path/filepath"

	"github.com/kballard/go-shellquote"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// adviceProgram is how advice printed by doctor and status names this ccc-hooks so that a person
// can paste the command: "ccc-hooks" when that name on PATH runs this very binary, else the
// absolute path of this binary (shell-quoted when needed) — after the binary moved, or when it
// was never put on PATH, `ccc-hooks install` would fail or run another copy.
func adviceProgram(env *Env, lookPath func(string) (string, error)) string {
	self, err := env.Executable()
	if err != nil {
		return "ccc-hooks"
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	if onPath, err := lookPath("ccc-hooks"); err == nil && installer.SamePath(onPath, self) {
		return "ccc-hooks"
	}
	if abs, err := filepath.Abs(self); err == nil {
		self = abs
	}
	return shellquote.Join(self)
}
