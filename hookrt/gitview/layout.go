package gitview

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/repo"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxCopied bounds each small file the view copies (shallow, info/exclude, a pseudo-ref).
const maxCopied = 16 << 20

// staleAfter is the age after which a view is taken for one a killed hook left behind: twice
// the longest review (supervisor.timeout_seconds is at most 3600).
const staleAfter = 2 * time.Hour

// pseudoRefs are the refs git keeps as files at the top of a git directory, copied when they
// are there: git status tells a merge, a cherry-pick, a revert or a rebase in progress by them,
// and a reviewer may name them (git diff ORIG_HEAD).
var pseudoRefs = []string{
	"ORIG_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "REBASE_HEAD", "FETCH_HEAD", "AUTO_MERGE",
}

// readFirst are the files of the common directory that every git reading objects or refs opens
// first (the alternate object directories, the packed refs, the commit graph): one that is not a
// regular file (a FIFO) would hold the git commands Build runs until buildTimeout, and every git
// of the reviewer after them, so the view is refused at once.
var readFirst = []string{
	filepath.Join("objects", "info", "alternates"), "packed-refs", filepath.Join("objects", "info", "commit-graph"),
}

// layOut fills the view with what git reads of a repository besides its configuration:
//   - HEAD, written from the repository's (readHead);
//   - refs, packed-refs, the reflogs of refs (logs/refs) and worktrees/ (which branch each linked
//     worktree has checked out) of the common directory, linked where they are: git reads them,
//     and a reading command writes none (the reviewer's guard grants no other);
//   - the index, a split index's shared files and the reflog of HEAD of the git directory,
//     copied (copyFile): git diff refreshes the stat data the index caches and writes it back
//     (refresh_index_quietly), which then writes the copy, and touches the shared file it keeps
//     (read-cache.c, freshen_shared_index: a link would carry the new time to the repository's);
//   - shallow, info/exclude, info/grafts and the pseudo-refs, copied when they are regular files.
//
// hooks/ is an empty directory (no hook runs: core.hooksPath=/dev/null). Nothing else of the
// repository's git directory is reached: not its config, hooks, info/attributes, modules/ or
// worktrees/.
func (b *builder) layOut() error {
	head, err := repo.ReadHead(b.src.GitDir)
	if err != nil {
		return err
	}
	for _, name := range readFirst {
		path := filepath.Join(b.src.Common, name)
		if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is %s: git would wait on it", path, safefile.KindOf(fi.Mode()))
		}
	}
	for _, sub := range []string{"hooks", "info", "logs"} {
		if err := os.Mkdir(filepath.Join(b.dir, sub), 0o700); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(b.dir, "HEAD"), []byte(head), 0o600); err != nil {
		return err
	}
	links := [][2]string{
		{filepath.Join(b.src.Common, "refs"), "refs"},
		{filepath.Join(b.src.Common, "packed-refs"), "packed-refs"},
		{filepath.Join(b.src.Common, "logs", "refs"), filepath.Join("logs", "refs")},
		{filepath.Join(b.src.Common, "worktrees"), "worktrees"},
	}
	for _, l := range links {
		if err := b.link(l[0], l[1]); err != nil {
			return err
		}
	}
	copied := []string{"index", filepath.Join("logs", "HEAD")}
	entries, err := os.ReadDir(b.src.GitDir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "sharedindex.") {
			copied = append(copied, e.Name())
		}
	}
	for _, name := range copied {
		if err := b.copyFile(filepath.Join(b.src.GitDir, name), name); err != nil {
			return err
		}
	}
	copies := [][2]string{
		{filepath.Join(b.src.Common, "shallow"), "shallow"},
		{filepath.Join(b.src.Common, "info", "exclude"), filepath.Join("info", "exclude")},
		{filepath.Join(b.src.Common, "info", "grafts"), filepath.Join("info", "grafts")},
	}
	for _, name := range pseudoRefs {
		copies = append(copies, [2]string{filepath.Join(b.src.GitDir, name), name})
	}
	for _, c := range copies {
		if err := b.copySmall(c[0], c[1]); err != nil {
			return err
		}
	}
	return nil
}

// link makes name in the view lead to target, when target exists: a symbolic link, or where
// the system refuses one (Windows without the privilege) a copy of the regular files under it.
func (b *builder) link(target, name string) error {
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	dst := filepath.Join(b.dir, name)
	if err := os.Symlink(target, dst); err == nil {
		return nil
	}
	return copyTree(target, dst)
}

// copyFile copies src to name in the view, whatever its size (the kernel copies), when it is
// there: the index, whose refresh then writes the copy, and the reflog of HEAD, which git reads
// only from a regular file (files-backend.c, files_reflog_exists: a link there is no reflog, and
// HEAD@{1} would name another commit). One that is not a regular file (a FIFO) is an error: git
// would wait on it.
func (b *builder) copyFile(src, name string) error {
	f, _, err := safefile.OpenRegular(src, safefile.FollowLinks)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }()
	return writeFrom(filepath.Join(b.dir, name), f)
}

// copySmall copies the file src to name in the view when it is a regular file of at most
// maxCopied bytes, and leaves it out otherwise: git reads these files for its answers, never
// for what runs, and one left out only makes an answer less complete (git would wait on a FIFO
// there).
func (b *builder) copySmall(src, name string) error {
	data, err := safefile.ReadRegular(src, maxCopied)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, safefile.ErrNotRegular) || errors.Is(err, safefile.ErrTooLarge) {
		return nil
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(b.dir, name), data, 0o600)
}

// writeFrom creates path with what r holds (io.Copy: the kernel copies between two files).
func writeFrom(path string, r io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// maxTreeEntries bounds copyTree: refs kept as files are few in all but rare repositories.
const maxTreeEntries = 100000

// copyTree copies the directories and regular files under src to dst (or src itself, a file);
// anything else (a link, a FIFO) is left out.
func copyTree(src, dst string) error {
	n := 0
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		n++
		if n > maxTreeEntries {
			return fmt.Errorf("%s: more than %d entries to copy", src, maxTreeEntries)
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o700)
		case d.Type().IsRegular():
			f, _, err := safefile.OpenRegular(path, safefile.RefuseLinks)
			if err != nil {
				return nil // replaced meanwhile: left out
			}
			defer func() { _ = f.Close() }()
			return writeFrom(to, f)
		}
		return nil
	})
}

// sweep removes the views under parent that are older than staleAfter at now: left by a hook
// that was killed before it could remove its own. Only directories named as views are touched,
// and never through a link.
func sweep(parent string, now time.Time) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "wall-") {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > staleAfter {
			_ = os.RemoveAll(filepath.Join(parent, e.Name()))
		}
	}
}
