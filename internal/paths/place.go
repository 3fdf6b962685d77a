package paths

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Place is where Claude Code is started: the directory it is started in and the environment it
// is started with. Its methods name the settings files Claude Code started there reads, by
// Claude Code's own rule (read in its bundled source and seen with a probe hook in every
// candidate file on each tested version: docs/claude-code.md, "Which settings files Claude Code
// reads"). install, uninstall, status and doctor all ask it.
type Place struct {
	// Dir is the directory Claude Code is started in (<start>), absolute.
	Dir    string
	Getenv Getenv
}

// ClaudeDir returns the Claude config dir Claude Code started here uses for its own files (the
// user settings, provider files, commands, plugins): CLAUDE_CONFIG_DIR as it is written, else
// <HOME>/.claude. Claude Code expands neither a `~` nor anything else: a relative value (and a
// relative HOME) counts from the directory it is started in. ccc-hooks keeps its own files by
// ConfigDir, which takes only an absolute value (a hook runs in every project).
func (p Place) ClaudeDir() string { return p.abs(p.claudeDir()) }

// ClaudeDirFrom returns the variable ClaudeDir is taken from the directory Claude Code is started
// in by, as NAME="value" (CLAUDE_CONFIG_DIR, or HOME without it), or "" where it is absolute.
func (p Place) ClaudeDirFrom() string {
	if filepath.IsAbs(p.claudeDir()) {
		return ""
	}
	if d := p.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return fmt.Sprintf("CLAUDE_CONFIG_DIR=%q", d)
	}
	return fmt.Sprintf("HOME=%q", HomeDir(p.Getenv))
}

// claudeDir is ClaudeDir as it is written. An empty CLAUDE_CONFIG_DIR counts as unset, as
// everywhere in ccc-hooks; Claude Code takes it as the directory it is started in
// (docs/claude-code.md).
func (p Place) claudeDir() string {
	if d := p.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(HomeDir(p.Getenv), ".claude")
}

// UserFile returns the user settings file: <ClaudeDir>/settings.json.
func (p Place) UserFile() string { return filepath.Join(p.ClaudeDir(), "settings.json") }

// ProviderFile returns <ClaudeDir>/settings-<name>.json.
func (p Place) ProviderFile(name string) string {
	return filepath.Join(p.ClaudeDir(), "settings-"+name+".json")
}

// ProjectFile returns the project settings file: Claude Code reads .claude/settings.json only in
// the directory it is started in.
func (p Place) ProjectFile() string { return ProjectFile(p.Dir) }

// LocalRoot returns the directory whose .claude/settings.local.json is Claude Code's local
// settings (the file it writes itself): the top of the git repository Dir is in, where in a
// linked worktree the top is the main work tree (GitTop, MainWorkTree). Dir itself outside a
// repository, and where Claude Code does not take the top: a top that is the home directory,
// one (or its .git or .claude) not owned by the user running it, and on Windows always (Claude
// Code checks that ownership only where there are user IDs).
func (p Place) LocalRoot() string {
	cwd := physical(p.Dir)
	top := GitTop(cwd)
	if top == "" {
		return p.Dir
	}
	root := MainWorkTree(top)
	if root == cwd {
		return p.Dir
	}
	if home, err := filepath.EvalSymlinks(p.abs(HomeDir(p.Getenv))); err != nil || root == home {
		return p.Dir
	}
	if runtime.GOOS == "windows" || !ownedByCaller(root) {
		return p.Dir
	}
	return root
}

// LocalFiles returns the local settings files Claude Code started here reads: the one at
// LocalRoot, and where that is not Dir, Dir's own too.
func (p Place) LocalFiles() []string {
	root := p.LocalRoot()
	files := []string{LocalFile(root)}
	if root != p.Dir {
		files = append(files, LocalFile(p.Dir))
	}
	return files
}

// abs returns path as Claude Code started in Dir reaches it: an absolute path as it is, a
// relative one from Dir.
func (p Place) abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(p.Dir, path)
}

// physical returns dir with every link resolved, as the kernel names a process's working directory
// (Claude Code's process.cwd()); dir itself where it cannot be resolved.
func physical(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// ownedByCaller reports whether root, its .git and its .claude (where there is one) all belong to
// the user running ccc-hooks.
func ownedByCaller(root string) bool {
	me := os.Geteuid()
	fi, err := os.Stat(root)
	if err != nil || !ownedBy(fi, me) {
		return false
	}
	if fi, err := os.Lstat(filepath.Join(root, ".git")); err != nil || !ownedBy(fi, me) {
		return false
	}
	fi, err = os.Lstat(filepath.Join(root, ".claude"))
	return os.IsNotExist(err) || err == nil && ownedBy(fi, me)
}
