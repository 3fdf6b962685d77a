package gitview

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// submoduleNames lists every submodule name of the .gitmodules file that the reviewer's git
// reads: the work tree's when it exists, else the index's, else HEAD's (submodule-config.c,
// config_from_gitmodules, git 2.39). For each, the view's configuration sets
// submodule.<name>.ignore=all. The reason: git status and git diff run
// `git status --porcelain=2` inside every populated submodule to see whether it changed
// (submodule.c, is_submodule_modified), and that git reads the submodule's own configuration,
// another repository's, whose clean filters, fsmonitor, hooks and lazy fetch run programs under
// names its author chose. diff.ignoreSubmodules=all stops that only until .gitmodules says
// submodule.<name>.ignore=none for the submodule: its value wins over diff.ignoreSubmodules, and a
// submodule.<name>.ignore of the repository's configuration wins over both
// (set_diffopt_flags_from_submodule_config). So every name gets "all" there, and no git runs in
// a submodule. A name listed in a file git does not read costs nothing, so where the work tree
// has none both the index's and HEAD's are read. git parses each file (parseConfig): the names
// are the ones git will look up.
//
// A .gitmodules in the work tree that the hook cannot read as a regular file of at most 1 MiB
// (a FIFO, a directory, a huge file) is an error: its names cannot be known, and the reviewer then
// gets no git.
func (b *builder) submoduleNames() ([]string, error) {
	var files [][]byte
	if b.src.WorkTree != "" {
		path := filepath.Join(b.src.WorkTree, ".gitmodules")
		if _, err := os.Stat(path); err == nil {
			data, err := safefile.ReadRegular(path, maxConfigFile)
			if err != nil {
				return nil, fmt.Errorf("read %s: %w", path, err)
			}
			files = append(files, data)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if len(files) == 0 {
		blobs, err := b.blobs(":.gitmodules", "HEAD:.gitmodules")
		if err != nil {
			return nil, err
		}
		files = blobs
	}
	var names []string
	for _, data := range files {
		pairs, err := b.parseConfig(data, `^submodule\.`)
		if err != nil {
			return nil, fmt.Errorf("read .gitmodules: %w", err)
		}
		for _, p := range pairs {
			rest := strings.TrimPrefix(p.Key, "submodule.")
			if i := strings.LastIndexByte(rest, '.'); i > 0 && !slices.Contains(names, rest[:i]) {
				names = append(names, rest[:i])
			}
		}
	}
	return names, nil
}

// blobs returns the contents of those of revs (git's extended object names, ":path" for the
// index, "REV:path") that name an object, read by one `git cat-file --batch`.
func (b *builder) blobs(revs ...string) ([][]byte, error) {
	out, code, err := b.git([]byte(strings.Join(revs, "\n")+"\n"), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	if code != 0 {
		return nil, fmt.Errorf("git cat-file --batch exited with status %d", code)
	}
	var blobs [][]byte
	r := bufio.NewReader(bytes.NewReader(out))
	for range revs {
		header, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file --batch: %w", err)
		}
		var oid, kind string
		var size int
		if n, _ := fmt.Sscanf(header, "%s %s %d\n", &oid, &kind, &size); n != 3 {
			continue // "<rev> missing" (or ambiguous): no such file there
		}
		body := make([]byte, size+1) // and the newline after it
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, fmt.Errorf("git cat-file --batch: %w", err)
		}
		if kind == "blob" {
			blobs = append(blobs, body[:size])
		}
	}
	return blobs, nil
}
