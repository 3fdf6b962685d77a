package reviewguard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// A Place is where the reviewer runs a command.
type Place struct {
	// Cwd is the event's cwd: the directory the Bash tool runs the command in.
	Cwd string
	// Root is the review's own working directory, the session's cwd: git may run only in the
	// repository git finds from there. "" when unknown: git is then refused.
	Root string
	// Path is the reviewer's $PATH, to tell which file a program name runs.
	Path string
	// Tree is the work tree under review (the review's $GIT_WORK_TREE), "" when unknown. Its
	// directories on $PATH hold programs the agent under review may have put there.
	Tree string
	// GitEnv is why git may not run in the reviewer's environment (GitEnvironment), nil when it
	// runs through the review's git view. Every git command is refused while it is set.
	GitEnv error
	// Home and ConfigHome are the reviewer's $HOME and $XDG_CONFIG_HOME, where git reads files
	// of its own whatever the repository ("" when unset).
	Home, ConfigHome string
}

// sameRepository refuses git unless the command runs where the review started: git finds its
// repository from its working directory, and a repository elsewhere in the tree (a nested one,
// a committed bare one) brings a configuration of its own, whose settings name programs git
// runs (core.fsmonitor, core.pager, diff drivers). The reviewer cannot change its directory
// (cd is not granted), so Cwd differs from Root only when something else moved it.
func (p Place) sameRepository() error {
	if p.GitEnv != nil {
		return fmt.Errorf("git does not run here: %w", p.GitEnv)
	}
	if p.Root == "" || p.Cwd == "" {
		return errors.New("git runs only in the session's repository, and where this command runs is not known")
	}
	if sameDir(p.Cwd, p.Root) {
		return nil
	}
	return fmt.Errorf("git runs only in the session's own directory %s, not in %s", p.Root, p.Cwd)
}

func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}

// plantable refuses a program name that bash would find in a directory of $PATH the agent under
// review may have filled, before any other: a relative one ("", ".", "bin", "node_modules/.bin",
// found from where the command runs), or one inside the review's directory or the work tree
// under review (a project's settings may put /path/to/repo/bin on the session's $PATH). A name
// found first in another absolute directory, or nowhere, is not refused here (nowhere: bash
// fails to run it). $PATH is the reviewer's own; the Bash tool may add to it (Claude Code's shell
// snapshot of the user's shell), which the guard cannot see.
func (p Place) plantable(name string) error {
	for dir := range strings.SplitSeq(p.Path, string(os.PathListSeparator)) {
		relative := !filepath.IsAbs(dir)
		if relative {
			dir = filepath.Join(p.Cwd, dir)
		}
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue
		}
		switch {
		case relative:
			return fmt.Errorf("%s would run %s, from a directory of $PATH that is not absolute", name, filepath.Join(dir, name))
		case inside(dir, p.Root), inside(dir, p.Tree), inside(resolved(dir), resolved(p.Root)), inside(resolved(dir), resolved(p.Tree)):
			return fmt.Errorf("%s would run %s, from a directory of $PATH inside the repository under review", name, filepath.Join(dir, name))
		}
		return nil
	}
	return nil
}

// resolved is path with every link on the way resolved, or path where that fails.
func resolved(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// inside reports whether dir is root or lies below it; never for an empty root.
func inside(dir, root string) bool {
	return root != "" && paths.Within(dir, root)
}
