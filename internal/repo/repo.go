// Package repo finds a git repository as git finds it, and reads its configuration through
// git's own parser, never by running git in the repository. The top Claude Code takes for a
// directory is paths.GitTop's: Claude Code runs no git and takes any .git.
package repo

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxSmallFile bounds what is read of the small files of a git directory (HEAD, a .git file,
// commondir): each is a line.
const maxSmallFile = 4 << 10

// A Repo is a repository as git finds it.
type Repo struct {
	GitDir   string // the git directory: HEAD, the index, the per-worktree files
	Common   string // the common directory: objects, refs, packed-refs, config (GitDir itself but in a linked worktree)
	WorkTree string // "" for a bare repository
}

// ErrNone is a directory in no repository: git there says "not a git repository".
var ErrNone = errors.New("not in a git repository")

// Find finds the repository git finds from dir (setup.c, setup_git_directory_gently_1):
// walking up from dir, the first directory D that holds a .git that is a git directory, or a
// .git file ("gitdir: PATH", read_gitfile) naming one, gives that git directory and the work
// tree D; a directory that is itself a git directory is a bare repository. What the repository's
// own configuration says of its work tree (core.worktree, core.bare) is not read. GIT_DIR,
// GIT_CEILING_DIRECTORIES and the file system boundary that stop git's own walk are not
// honoured either: at worst a repository is found where the user's git would have found none.
func Find(dir string) (Repo, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return Repo{}, err
	}
	for d := dir; ; {
		if r, ok, err := At(d); ok || err != nil {
			return r, err
		}
		if IsGitDir(d) {
			return of(d, "")
		}
		parent := filepath.Dir(d)
		if parent == d {
			return Repo{}, ErrNone
		}
		d = parent
	}
}

// At returns the repository whose work tree is dir, as git takes dir/.git in its walk: a git
// directory, or a .git file naming one (one that names no git directory is an error). ok is
// false where dir/.git is neither, and git walks on.
func At(dir string) (r Repo, ok bool, err error) {
	dotGit := filepath.Join(dir, ".git")
	fi, err := os.Stat(dotGit)
	switch {
	case err != nil:
		return Repo{}, false, nil //nolint:nilerr // no .git here: git walks on
	case fi.IsDir() && IsGitDir(dotGit):
		r, err = of(dotGit, dir)
		return r, true, err
	case fi.Mode().IsRegular():
		gitDir, err := readGitFile(dotGit)
		if err != nil {
			return Repo{}, true, err
		}
		r, err = of(gitDir, dir)
		return r, true, err
	}
	return Repo{}, false, nil
}

// readGitFile reads a .git file, "gitdir: PATH" (PATH relative to the file's directory), and
// returns the git directory it names; one that names no git directory is an error, as in git
// (read_gitfile_gently dies on it).
func readGitFile(path string) (string, error) {
	data, err := safefile.ReadRegular(path, maxSmallFile)
	if err != nil {
		return "", err
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	target, ok := strings.CutPrefix(strings.TrimRight(string(line), "\r"), "gitdir: ")
	if !ok || target == "" {
		return "", fmt.Errorf("%s is not a .git file (no gitdir: line)", path)
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(path), target)
	}
	if !IsGitDir(target) {
		return "", fmt.Errorf("%s names %s, which is not a git directory", path, target)
	}
	return target, nil
}

// of completes the repository of gitDir: its common directory, named by a commondir file
// (relative to gitDir) as in a linked worktree, else gitDir itself.
func of(gitDir, workTree string) (Repo, error) {
	common, err := commonDir(gitDir)
	if err != nil {
		return Repo{}, err
	}
	return Repo{GitDir: gitDir, Common: common, WorkTree: workTree}, nil
}

func commonDir(gitDir string) (string, error) {
	data, err := safefile.ReadRegular(filepath.Join(gitDir, "commondir"), maxSmallFile)
	if errors.Is(err, fs.ErrNotExist) {
		return gitDir, nil
	}
	if err != nil {
		return "", err
	}
	common := strings.TrimRight(string(data), "\r\n")
	if common == "" {
		return "", fmt.Errorf("%s is empty", filepath.Join(gitDir, "commondir"))
	}
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitDir, common)
	}
	return common, nil
}

// IsGitDir is git's is_git_directory (setup.c): a HEAD that reads as one, an objects and a refs
// directory, in dir or in the common directory its commondir file names. It only looks (stat,
// lstat) and reads HEAD, never more than a line of it, as a regular file.
func IsGitDir(dir string) bool {
	if _, err := ReadHead(dir); err != nil {
		return false
	}
	common, err := commonDir(dir)
	if err != nil {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(common, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// ReadHead returns the contents git reads as dir's HEAD (validate_headref): "ref: refs/…" or an
// object name, from the file, or from a symbolic link into refs/ (the old form of a symbolic
// ref), as the line to write in a HEAD file.
func ReadHead(dir string) (string, error) {
	path := filepath.Join(dir, "HEAD")
	fi, err := os.Lstat(path)
	if err != nil {
		return "", err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !strings.HasPrefix(target, "refs/") {
			return "", fmt.Errorf("%s links to %s, outside refs/", path, target)
		}
		return "ref: " + target + "\n", nil
	}
	data, err := safefile.ReadRegular(path, maxSmallFile)
	if err != nil {
		return "", err
	}
	line := strings.TrimRight(string(data), "\r\n")
	if ref, ok := strings.CutPrefix(line, "ref:"); ok {
		ref = strings.TrimLeft(ref, " \t")
		if !strings.HasPrefix(ref, "refs/") || strings.ContainsAny(ref, "\n\x00") {
			return "", fmt.Errorf("%s is not a symbolic ref into refs/", path)
		}
		return "ref: " + ref + "\n", nil
	}
	if !isObjectName(line) {
		return "", fmt.Errorf("%s holds neither a ref nor an object name", path)
	}
	return line + "\n", nil
}

// isObjectName reports whether s is a full SHA-1 or SHA-256 object name in hexadecimal.
func isObjectName(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}
