package paths

import (
	"io"
	"os"
	"path/filepath"
	"strings"
)

// GitTop returns the top of the git work tree holding dir as Claude Code finds it: the nearest
// directory at or above dir whose .git is a directory or a file (a link to either counts), or ""
// outside a repository. Like Claude Code it runs no git: GIT_DIR and GIT_WORK_TREE, which `yadm
// enter`, git's own hooks and `rebase --exec` export, change nothing. dir is taken as it is
// written (callers pass a path with its links resolved, as a working directory is).
func GitTop(dir string) string {
	for d := filepath.Clean(dir); ; {
		if hasGit(d) {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// MainWorkTree returns the main work tree of the linked worktree whose top is top, as Claude
// Code follows it: top/.git is a file "gitdir: G", G/commondir names the repository's git
// directory C with G in C/worktrees, and G/gitdir leads back to top/.git; the main work tree is
// then the directory holding C (or C itself, a bare repository's, when C is not named .git and
// holds no .git). top itself for anything else: a repository's own top, a submodule (whose git
// directory has no commondir), a file that does not say all of this.
func MainWorkTree(top string) string {
	text, ok := smallFile(filepath.Join(top, ".git"), true)
	if !ok || !strings.HasPrefix(strings.TrimSpace(text), "gitdir:") {
		return top
	}
	gitDir := from(top, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "gitdir:")))
	common, ok := smallFile(filepath.Join(gitDir, "commondir"), false)
	if !ok {
		return top
	}
	commonDir := from(gitDir, strings.TrimSpace(common))
	if filepath.Dir(gitDir) != filepath.Join(commonDir, "worktrees") {
		return top
	}
	back, ok := smallFile(filepath.Join(gitDir, "gitdir"), false)
	if !ok {
		return top
	}
	if physical(from(gitDir, strings.TrimSpace(back))) != filepath.Join(physical(top), ".git") {
		return top
	}
	if filepath.Base(commonDir) != ".git" {
		if hasGit(commonDir) {
			return top
		}
		return commonDir
	}
	return filepath.Dir(commonDir)
}

// hasGit reports whether dir/.git is a directory or a file, or a link to one.
func hasGit(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, ".git"))
	return err == nil && (fi.IsDir() || fi.Mode().IsRegular())
}

// from returns path resolved from dir, as Node's path.resolve does: an absolute path as it is,
// a relative one joined to dir, cleaned.
func from(dir, path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(dir, path)
}

// maxGitFile bounds what is read of a .git, commondir or gitdir file: each holds one path.
const maxGitFile = 64 << 10

// smallFile returns the text of the regular file at path, at most maxGitFile bytes; a link is
// followed only where follow is set (Claude Code reads .git through a link, and commondir and
// gitdir only as they are). ok is false for anything else.
func smallFile(path string, follow bool) (string, bool) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	fi, err := stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxGitFile+1))
	if err != nil || len(data) > maxGitFile {
		return "", false
	}
	return string(data), true
}
