package bashsandbox

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// gitStubs are what Claude Code's Bash sandbox makes in the git directory of the repository it
// runs in, where they are missing, before its first sandboxed command: empty files and
// directories it binds read-only, so that no sandboxed command can create or replace them
// there, and which it leaves behind when it exits (docs/claude-code.md, "What the Bash sandbox
// leaves in .git"). A directory's
// own stub comes before the directory, in the order they are taken back.
var gitStubs = []string{
	"config.worktree", "NOTES_MERGE_WORKTREE", filepath.Join("objects", "info", "alternates"),
	filepath.Join("info", ".claude-sandbox-noreplace"), filepath.Join("objects", "info", ".claude-sandbox-noreplace"),
	filepath.Join("objects", "info", "commit-graphs", ".claude-sandbox-noreplace"),
	filepath.Join("objects", "info", "commit-graphs"), "glab-cli", "remotes", "worktrees",
}

// Stubs are the paths of gitStubs that are missing in a repository before a sandboxed review:
// those the sandbox may make.
type Stubs []string

// MissingStubs returns the paths of gitStubs missing in each of gitDirs.
func MissingStubs(gitDirs ...string) Stubs {
	var out Stubs
	for _, dir := range gitDirs {
		for _, name := range gitStubs {
			path := filepath.Join(dir, name)
			if _, err := os.Lstat(path); os.IsNotExist(err) && !slices.Contains(out, path) {
				out = append(out, path)
			}
		}
	}
	return out
}

// Remove takes back what the sandbox made of s: each path that is now an empty regular file
// with one name, or an empty directory. Anything else there (a file with contents, a link, a
// directory with entries) was not the sandbox's alone, and stays.
func (s Stubs) Remove() {
	for _, path := range s {
		fi, err := os.Lstat(path)
		switch {
		case err != nil:
		case fi.IsDir():
			_ = os.Remove(path) // only an empty one goes
		case fi.Mode().IsRegular() && fi.Size() == 0 && safefile.Names(path, fi) == 1:
			_ = os.Remove(path)
		}
	}
}
