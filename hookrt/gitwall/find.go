package gitwall

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

// A source is the repository a review reads, as git would find it from the review's directory.
type source struct {
	gitDir   string // the git directory: HEAD, the index, the per-worktree files
	common   string // the common directory: objects, refs, packed-refs, config (gitDir itself but in a linked worktree)
	workTree string // "" for a bare repository
}

// errNoRepository is a directory in no repository: git there says "not a git repository", and so
// does the reviewer's git.
var errNoRepository = errors.New("not in a git repository")

// findSource finds the repository git finds from dir (setup.c, setup_git_directory_gently_1):
// walking up from dir, the first directory D that holds a .git that is a git directory, or a
// .git file ("gitdir: PATH", read_gitfile) naming one, gives that git directory and the work
// tree D; a directory that is itself a git directory is a bare repository. What the repository's
// own configuration says of its work tree (core.worktree, core.bare) is not read: nothing of that
// file is, but the format it declares (readFormat). GIT_DIR, GIT_CEILING_DIRECTORIES and the
// file system boundary that stop git's own walk are not honoured either: at worst the reviewer
// reads a repository's data where the user's git would have found none.
func findSource(dir string) (source, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return source{}, err
	}
	for d := dir; ; {
		dotGit := filepath.Join(d, ".git")
		if fi, err := os.Stat(dotGit); err == nil {
			switch {
			case fi.IsDir() && isGitDir(dotGit):
				return sourceOf(dotGit, d)
			case fi.Mode().IsRegular():
				gitDir, err := readGitFile(dotGit)
				if err != nil {
					return source{}, err
				}
				return sourceOf(gitDir, d)
			}
		}
		if isGitDir(d) {
			return sourceOf(d, "")
		}
		parent := filepath.Dir(d)
		if parent == d {
			return source{}, errNoRepository
		}
		d = parent
	}
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
	if !isGitDir(target) {
		return "", fmt.Errorf("%s names %s, which is not a git directory", path, target)
	}
	return target, nil
}

// sourceOf completes the source of gitDir: its common directory, named by a commondir file
// (relative to gitDir) as in a linked worktree, else gitDir itself.
func sourceOf(gitDir, workTree string) (source, error) {
	common, err := commonDir(gitDir)
	if err != nil {
		return source{}, err
	}
	return source{gitDir: gitDir, common: common, workTree: workTree}, nil
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

// isGitDir is git's is_git_directory (setup.c): a HEAD that reads as one, an objects and a refs
// directory, in dir or in the common directory its commondir file names. It only looks (stat,
// lstat) and reads HEAD, never more than a line of it, as a regular file.
func isGitDir(dir string) bool {
	if _, err := readHead(dir); err != nil {
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

// readHead returns the contents git reads as dir's HEAD (validate_headref): "ref: refs/…" or an
// object name, from the file, or from a symbolic link into refs/ (the old form of a symbolic
// ref), as the line the wall writes.
func readHead(dir string) (string, error) {
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
