package gitview

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/repo"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxDataEntries bounds the walk of a repository's git data outside its work tree: more is
// refused rather than walked in part.
const maxDataEntries = 1_000_000

// maxTrackedFile bounds the size of a file of the work tree that the index tracks: git status and
// git diff hash a tracked file whose stat data no longer matches its index entry, and the index
// keeps a file's size modulo 2^32, so a sparse file of a tebibyte put where an empty one was is
// read whole (at about a gigabyte a second: hours).
const maxTrackedFile = 4 << 30

// maxListing bounds the output of git ls-files read at build (paths of a large repository).
const maxListing = 256 << 20

// maxAlternates bounds the chain of alternate object directories followed, as git's own
// (sha1-file.c, link_alt_odb_entry: depth 5).
const maxAlternates = 5

// checkData refuses a repository whose git data outside its work tree — a git directory or
// common directory a .git file or commondir names, and the alternate object directories its
// objects/info/alternates lists — holds a named pipe or a device, or a link to one:
// git reads loose refs, reflogs, packs and objects there on its own, and such a file makes it
// wait for ever. The reviewer's guard looks through the work tree before each command that
// walks it (package reviewguard, stall.go), the .git directory in it included; what lies outside
// is looked at here, once, before the review.
func checkData(src repo.Repo) error {
	dirs := []string{src.GitDir, src.Common}
	alternates, err := alternateDirs(filepath.Join(src.Common, "objects"), 0)
	if err != nil {
		return err
	}
	dirs = append(dirs, alternates...)
	seen := 0
	for _, dir := range dirs {
		if src.WorkTree != "" && paths.Within(dir, src.WorkTree) {
			continue
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil //nolint:nilerr // unreadable: git cannot read it either
			}
			seen++
			if seen > maxDataEntries {
				return fmt.Errorf("%s: more than %d entries of git data to look through", dir, maxDataEntries)
			}
			if d.Type().IsRegular() || d.IsDir() {
				return nil
			}
			fi, err := os.Stat(path) // a link: what it leads to
			if err != nil || fi.Mode()&(fs.ModeNamedPipe|fs.ModeDevice) == 0 {
				return nil //nolint:nilerr // a dangling link, a socket (whose open fails at once): nothing to wait on
			}
			return fmt.Errorf("%s is %s: git would wait on it", path, safefile.KindOf(fi.Mode()))
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// alternateDirs returns the object directories objects/info/alternates of objects names, and
// theirs in turn, depth deep at most (relative ones are relative to objects).
func alternateDirs(objects string, depth int) ([]string, error) {
	if depth >= maxAlternates {
		return nil, nil
	}
	data, err := safefile.ReadRegular(filepath.Join(objects, "info", "alternates"), maxCopied)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	lines := bufio.NewScanner(bytes.NewReader(data))
	for lines.Scan() {
		line := lines.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] == '"' { // C-quoted, as git writes a path with odd bytes
			if line, err = strconv.Unquote(line); err != nil {
				return nil, fmt.Errorf("%s: cannot read the alternate %s: %w", filepath.Join(objects, "info", "alternates"), lines.Text(), err)
			}
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(objects, line)
		}
		more, err := alternateDirs(line, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(append(out, line), more...)
	}
	return out, lines.Err()
}

// checkTracked refuses a work tree holding a tracked file larger than maxTrackedFile: the index's
// paths, listed by git through the view, each looked at (lstat) once, before the review. One made
// larger while the review runs is ended by the bound on one command.
func (b *builder) checkTracked() error {
	if b.src.WorkTree == "" {
		return nil
	}
	out, code, err := b.gitUpTo(maxListing, nil, "ls-files", "-z")
	if err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("git ls-files exited with status %d", code)
	}
	for name := range bytes.SplitSeq(out, []byte{0}) {
		if len(name) == 0 {
			continue
		}
		path := filepath.Join(b.src.WorkTree, string(name))
		if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() > maxTrackedFile {
			return fmt.Errorf("%s is a tracked file of %d GiB, which git status would read whole to hash it", path, fi.Size()>>30)
		}
	}
	return nil
}
