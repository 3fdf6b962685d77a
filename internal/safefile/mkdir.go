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
	var missing []string
	p := dir
	for {
		fi, err := os.Stat(p)
		if err == nil {
			if !fi.IsDir() {
				return nil, fmt.Errorf("create %s: %s is not a directory", dir, p)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("create %s: %w", dir, err)
		}
		missing = append(missing, p)
		parent := filepath.Dir(p)
		if parent == p {
			break
		}
		p = parent
	}
	uid, gid, owned := -1, -1, false
	if fi, err := os.Stat(p); err == nil && isRoot() {
		uid, gid, owned = ownerOf(fi)
	}
	for i := len(missing) - 1; i >= 0; i-- {
		d := missing[i]
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

// MissingDirs lists the directories MkdirAll(dir) would create, outermost first.
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
