package wall

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// gitFix is one file of the repository's git configuration, and what the wall shows in its place.
type gitFix struct {
	Path    string
	Content string
}

// maxGitFile bounds what is read of a repository's .git file and configuration.
const maxGitFile = 1 << 20

// repositoryOf returns the git directories of the project's repository that lie outside it (a
// worktree's gitdir and the common directory it names: the wall shows them through layers of
// their own, so that git works inside), and what the wall puts in place of its configuration:
// the repository's .git/config (and its common directory's) becomes cleanConfig, and
// config.worktree becomes empty. The repository is the reviewed agent's to write: its
// configuration names programs git runs (core.fsmonitor, core.pager, diff and filter drivers,
// core.hooksPath), and its hooks are programs, and a check of `git diff --check` must not be
// turned by a setting of the agent's. The files are only read here, never run: no git runs to
// find them (.git is a directory, or a file "gitdir: PATH"; a gitdir's commondir file names the
// common directory). A git directory of the machine's own files (/proc, /sys, /dev) or the root
// is no layer.
func repositoryOf(project string) (outside []string, fixes []gitFix) {
	gitDir := filepath.Join(project, ".git")
	if data, err := safefile.ReadRegular(gitDir, maxGitFile); err == nil {
		line, _, _ := strings.Cut(string(data), "\n")
		dir, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
		if !ok {
			return nil, nil
		}
		gitDir = absFrom(project, strings.TrimSpace(dir))
	}
	dirs := []string{gitDir}
	if data, err := safefile.ReadRegular(filepath.Join(gitDir, "commondir"), maxGitFile); err == nil {
		if common := strings.TrimSpace(string(data)); common != "" {
			dirs = append(dirs, absFrom(gitDir, common))
		}
	}
	for _, dir := range dirs {
		if machines(dir) {
			continue
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && !Within(dir, project) {
			outside = append(outside, dir)
		}
		cfg := filepath.Join(dir, "config")
		if data, err := safefile.ReadRegular(cfg, maxGitFile); err == nil {
			fixes = append(fixes, gitFix{Path: cfg, Content: cleanConfig(data)})
		}
		if wt := filepath.Join(dir, "config.worktree"); exists(wt) {
			fixes = append(fixes, gitFix{Path: wt})
		}
	}
	return outside, fixes
}

// machines reports whether dir is the root or lies in the machine's own file systems.
func machines(dir string) bool {
	return dir == "/" || Within(dir, "/proc") || Within(dir, "/sys") || Within(dir, "/dev")
}

// exists reports whether path names anything, without following a final link.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

func absFrom(base, path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(base, path)
}

// cleanConfig is the configuration the wall gives the repository: what git needs to read it (its
// format version, object format and ref storage, each taken only when it has a value git
// defines), hooks off (core.hooksPath=/dev/null) and no file-system monitor. Everything else of
// the original — remotes, drivers, includes, worktree configuration — is left out.
func cleanConfig(orig []byte) string {
	version, objects, refs := "0", "", ""
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(orig))
	sc.Buffer(make([]byte, 64<<10), maxGitFile)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			name, _, _ := strings.Cut(strings.TrimPrefix(line, "["), "]")
			section = strings.ToLower(strings.TrimSpace(name))
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.ToLower(strings.Trim(strings.TrimSpace(value), `"`))
		switch {
		case section == "core" && key == "repositoryformatversion" && (value == "0" || value == "1"):
			version = value
		case section == "extensions" && key == "objectformat" && (value == "sha1" || value == "sha256"):
			objects = value
		case section == "extensions" && key == "refstorage" && (value == "files" || value == "reftable"):
			refs = value
		}
	}
	var b strings.Builder
	b.WriteString("# written by ccc-hooks for a check behind its wall: the repository's own configuration is not used\n")
	b.WriteString("[core]\n\trepositoryformatversion = " + version + "\n\tbare = false\n\thooksPath = /dev/null\n\tfsmonitor = false\n")
	if objects != "" || refs != "" {
		b.WriteString("[extensions]\n")
		if objects != "" {
			b.WriteString("\tobjectformat = " + objects + "\n")
		}
		if refs != "" {
			b.WriteString("\trefstorage = " + refs + "\n")
		}
	}
	return b.String()
}
