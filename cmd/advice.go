package cmd

import (
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// adviceShell is the shell the person running this command pastes advice into (see
// shellword.For): on Windows PowerShell, or Git Bash where it set MSYSTEM.
func adviceShell(env *Env) shellword.Shell { return shellword.For(runtime.GOOS, env.Getenv) }

// adviceProgram is how advice printed by doctor and status names this ccc-hooks so that a person
// can paste the command: "ccc-hooks" when that name on PATH runs this very binary, else the
// absolute path of this binary (quoted for adviceShell when needed) — after the binary moved, or
// when it was never put on PATH, `ccc-hooks install` would fail or run another copy.
func adviceProgram(env *Env) string {
	self, err := env.Executable()
	if err != nil {
		return "ccc-hooks"
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	onPath, _ := env.LookPath("ccc-hooks")
	return programName(adviceShell(env), self, onPath)
}

// programName names the binary at self in advice for the shell sh: "ccc-hooks" when onPath (what
// that name finds on PATH; "" when nothing) runs this very binary, else self's absolute path,
// written so that sh runs it (see shellword.Shell.Program).
func programName(sh shellword.Shell, self, onPath string) string {
	if onPath != "" && installer.SamePath(onPath, self) {
		return "ccc-hooks"
	}
	if abs, err := filepath.Abs(self); err == nil {
		self = abs
	}
	return sh.Program(self)
}
