package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks bounds how many symbolic links Resolve follows, as the kernel does (Linux: 40).
const maxLinks = 40

// dirMark stands, among the components Resolve has still to walk, for the slash at the end of a
// link's target: what came before it must be a directory. No path component can hold a NUL.
const dirMark = "\x00/"

// ErrNotDirectory is matched by the error of Resolve for a path that leads to a file through a
// symbolic link whose target ends in a slash.
var ErrNotDirectory = errors.New("not a directory")

// TrailingSlashError reports a symbolic link whose target ends in "/" but names a file (or
// nothing): the kernel then opens it only as a directory, and fails (ENOTDIR, or EISDIR for a
// file to create), so no program — Claude Code included — can read or write the file through it.
type TrailingSlashError struct {
	Link   string // the link
	Target string // its target, as written
}

func (e *TrailingSlashError) Error() string {
	return fmt.Sprintf("%s is a symbolic link to %q, whose slash at the end makes the system open it only as a directory: "+
		"Claude Code cannot read the settings file through it; point the link at %q", e.Link, e.Target, strings.TrimRight(e.Target, "/"))
}

// Is makes errors.Is(err, ErrNotDirectory) true.
func (e *TrailingSlashError) Is(target error) bool { return target == ErrNotDirectory }

// Resolve returns the absolute path of the file that path names once every symbolic link in it
// is followed the way the kernel follows them: component by component, a relative link read
// against the directory it sits in (after the links before it were resolved), and ".." applied
// to the resolved directory, not to the text. Unlike filepath.EvalSymlinks, the last component
// (and any directories before it) may be missing: the result then names the file a create would
// make, so a dangling link resolves to the missing file it points at. A link whose target ends
// in a slash must lead to a directory, as for the kernel: one that leads to a file, or to
// nothing, is a *TrailingSlashError.
func Resolve(path string) (string, error) {
	abs := path
	if !filepath.IsAbs(path) {
		// Not filepath.Abs: it would clean ".." away as text before any link is read.
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		abs = wd + string(filepath.Separator) + path
	}
	vol := filepath.VolumeName(abs)
	todo := splitPath(abs[len(vol):])
	done := vol + string(filepath.Separator)
	links := 0
	missing := false      // once a component is missing, the rest is joined as text
	var link, dest string // the last link followed, and its target
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case ".":
			continue
		case dirMark:
			if fi, err := os.Stat(done); missing || err != nil || !fi.IsDir() {
				return "", &TrailingSlashError{Link: link, Target: dest}
			}
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, name)
		if missing {
			done = next
			continue
		}
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			missing, done = true, next
			continue
		}
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		links++
		if links > maxLinks {
			return "", fmt.Errorf("resolve %s: too many levels of symbolic links", path)
		}
		link = next
		if dest, err = os.Readlink(next); err != nil {
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		rel := dest
		if filepath.IsAbs(rel) {
			v := filepath.VolumeName(rel)
			done = v + string(filepath.Separator)
			rel = rel[len(v):]
		}
		// The link's text replaces its own name; it is read from the directory it sits in (done).
		parts := splitPath(rel)
		if rel != "" && os.IsPathSeparator(rel[len(rel)-1]) {
			parts = append(parts, dirMark)
		}
		todo = append(parts, todo...)
	}
	return done, nil
}

// splitPath splits p into its non-empty components.
func splitPath(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return os.IsPathSeparator(uint8(r)) })
}
