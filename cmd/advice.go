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
func adviceProgram(env *Env) string {
	self, err := env.Executable()
	if err != nil {
		return "ccc-hooks"
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	onPath, _ := env.LookPath("ccc-hooks")
	return programName(self, onPath)
}

// programName names the binary at self in advice: "ccc-hooks" when onPath (what that name finds
// on PATH; "" when nothing) runs this very binary, else self's absolute path, shell-quoted when
// needed.
func programName(self, onPath string) string {
	if onPath != "" && installer.SamePath(onPath, self) {
		return "ccc-hooks"
	}
	if abs, err := filepath.Abs(self); err == nil {
		self = abs
	}
	return shellquote.Join(self)
}
