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

// Resolve returns the absolute path of the file that path names once every symbolic link in it
// is followed the way the kernel follows them: component by component, a relative link read
// against the directory it sits in (after the links before it were resolved), and ".." applied
// to the resolved directory, not to the text. Unlike filepath.EvalSymlinks, the last component
// (and any directories before it) may be missing: the result then names the file a create would
// make, so a dangling link resolves to the missing file it points at.
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
	missing := false // once a component is missing, the rest is joined as text
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case ".":
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
		dest, err := os.Readlink(next)
		if err != nil {
			return "", fmt.Errorf("resolve %s: %w", path, err)
		}
		if filepath.IsAbs(dest) {
			v := filepath.VolumeName(dest)
			done = v + string(filepath.Separator)
			dest = dest[len(v):]
		}
		// The link's text replaces its own name; it is read from the directory it sits in (done).
		todo = append(splitPath(dest), todo...)
	}
	return done, nil
}

// splitPath splits p into its non-empty components.
func splitPath(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return os.IsPathSeparator(uint8(r)) })
}
