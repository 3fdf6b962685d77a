package doctor

import (
	"os"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// pathFix is the advice for a ccc-hooks that is not on PATH: the line that adds ~/.local/bin
// (see localBinFix), else to run install.sh or to put the folder holding ccc-hooks on PATH.
func (e Env) pathFix() string {
	if fix := e.localBinFix(); fix != "" {
		return fix
	}
	return "run install.sh, or put the folder holding ccc-hooks on the PATH Claude Code is started with"
}

// localBinFix is the advice for a ccc-hooks that is not on PATH when install.sh's default folder,
// ~/.local/bin, holds an executable ccc-hooks: only that folder is missing from PATH, and the
// advice is the line that adds it. "" when there is no such ccc-hooks.
func (e Env) localBinFix() string {
	dir := filepath.Join(paths.HomeDir(e.Getenv), ".local", "bin")
	fi, err := os.Stat(filepath.Join(dir, "ccc-hooks"))
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return ""
	}
	return "add " + dir + " to the PATH Claude Code is started with, with this line in your shell's profile: " +
		"`export PATH=\"$HOME/.local/bin:$PATH\"`"
}
