package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// MkdirAll creates dir and its missing parents with perm and returns the directories it
// created, outermost first. Run as root, each new directory is given the owner and group of the
// nearest directory above it that existed: `sudo ccc-hooks install` with HOME kept leaves the
// user's ~/.claude tree the user's, while a directory under /etc stays root's.
func MkdirAll(dir string, perm os.FileMode) (created []string, err error) {
	dir = filepath.Clean(dir)
	missing := MissingDirs(dir)
	existing := dir
	if len(missing) > 0 {
		existing = filepath.Dir(missing[0])
	}
	fi, err := os.Stat(existing)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("create %s: %s is not a directory", dir, existing)
	}
	uid, gid, owned := -1, -1, false
	if isRoot() {
		uid, gid, owned = ownerOf(fi)
	}
	for _, d := range missing {
		if err := os.Mkdir(d, perm); err != nil {
			if errors.Is(err, fs.ErrExist) {
				continue // made by someone else meanwhile: not ours
			}
			return created, fmt.Errorf("create %s: %w", d, err)
		}
		created = append(created, d)
		if owned {
			if err := os.Lchown(d, uid, gid); err != nil {
				return created, fmt.Errorf("create %s: give it to uid %d: %w", d, uid, err)
			}
		}
	}
	return created, nil
}

// MissingDirs lists the directories MkdirAll(dir) would create, outermost first: those from
// the first name on the way that does not exist (not even as a link) down to dir.
func MissingDirs(dir string) []string {
	var missing []string
	for p := filepath.Clean(dir); ; {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		missing = append([]string{p}, missing...)
		parent := filepath.Dir(p)
		if parent == p {
			break
		}
		p = parent
	}
	return missing
}

// dirOwner returns the owner and group of dir when this process runs as root (new files in
// dir are then given to them); ok is false otherwise.
func dirOwner(dir string) (uid, gid int, ok bool) {
	if !isRoot() {
		return 0, 0, false
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return 0, 0, false
	}
	return ownerOf(fi)
}
