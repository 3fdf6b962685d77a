package wall

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/repo"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// gitFix is one file of the repository's git configuration, and what the wall shows in its place.
type gitFix struct {
	Path    string
	Content string
}

// gitTimeout bounds the git that reads the repository's configuration.
const gitTimeout = 5 * time.Second

// repositoryOf returns the git directories of the project's repository that lie outside it (a
// worktree's gitdir and the common directory it names: the wall shows them through layers of
// their own, so that git works inside), and what the wall puts in place of its configuration:
// the repository's config files (its git directory's and its common directory's) become
// cleanConfig, and config.worktree becomes empty. The repository is the reviewed agent's to
// write: its configuration names programs git runs (core.fsmonitor, core.pager, diff and filter
// drivers, core.hooksPath), and its hooks are programs, and a check of `git diff --check` must
// not be turned by a setting of the agent's. The repository is the one git finds at the project
// (repo.At), and no git runs in it: the files are read here, and the configuration is parsed by
// git off the repository (repo.ParseConfig). A git directory of the machine's own files (/proc,
// /sys, /dev) or the root is no layer.
func repositoryOf(ctx context.Context, project string) (outside []string, fixes []gitFix) {
	r, ok, err := repo.At(project)
	if !ok || err != nil {
		return nil, nil
	}
	dirs := []string{r.GitDir}
	if r.Common != r.GitDir {
		dirs = append(dirs, r.Common)
	}
	for _, dir := range dirs {
		if machines(dir) {
			continue
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && !paths.Within(dir, project) {
			outside = append(outside, dir)
		}
		cfg := filepath.Join(dir, "config")
		if data, err := safefile.ReadRegular(cfg, repo.MaxConfig); err == nil {
			fixes = append(fixes, gitFix{Path: cfg, Content: cleanConfig(ctx, data)})
		}
		if wt := filepath.Join(dir, "config.worktree"); exists(wt) {
			fixes = append(fixes, gitFix{Path: wt})
		}
	}
	return outside, fixes
}

// machines reports whether dir is the root or lies in the machine's own file systems.
func machines(dir string) bool {
	return dir == "/" || paths.Within(dir, "/proc") || paths.Within(dir, "/sys") || paths.Within(dir, "/dev")
}

// exists reports whether path names anything, without following a final link.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// cleanConfig is the configuration the wall gives the repository: what git needs to read it (its
// format version, object format and ref storage, each taken only when it has a value git
// defines, as git reads orig: the last one), hooks off (core.hooksPath=/dev/null) and no
// file-system monitor. Everything else of the original — remotes, drivers, includes, worktree
// configuration — is left out. orig is read by the system's git (toolPath); where there is none,
// or orig is no configuration git reads, the format is git's default.
func cleanConfig(ctx context.Context, orig []byte) string {
	version, objects, refs := "0", "", ""
	var pairs []repo.Pair
	if git, err := lookpath.Absolute("git", toolPath); err == nil {
		ctx, cancel := context.WithTimeout(ctx, gitTimeout)
		pairs, _ = repo.ParseConfig(ctx, git, orig, `^(core\.repositoryformatversion|extensions\.(objectformat|refstorage))$`)
		cancel()
	}
	for _, p := range pairs {
		value := strings.ToLower(p.Value)
		switch {
		case p.Key == "core.repositoryformatversion" && (value == "0" || value == "1"):
			version = value
		case p.Key == "extensions.objectformat" && (value == "sha1" || value == "sha256"):
			objects = value
		case p.Key == "extensions.refstorage" && (value == "files" || value == "reftable"):
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
