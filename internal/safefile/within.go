package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Within is a directory — ccc-hooks home — whose files are reached only inside it: a symbolic
// link in it that leads out of it is not followed (os.Root), and the records read from it are
// refused where a link stands in their place. A user's home may be worked on by root (`sudo
// ccc-hooks install` with HOME kept), and everything in it is the user's to plant: a link under
// backups/ must not make root remove or write files elsewhere.
//
// Names given to its methods are relative, with forward slashes.
type Within struct {
	root *os.Root
	dir  string
}

// OpenWithin opens the directory dir (following links on the way to it: the directory the user
// configured is the one used); with create, it is made first when missing, as MkdirAll makes
// directories. A missing dir without create is an error wrapping fs.ErrNotExist.
func OpenWithin(dir string, create bool) (*Within, error) {
	if create {
		if _, err := MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Within{root: r, dir: dir}, nil
}

// Close releases the directory.
func (w *Within) Close() { _ = w.root.Close() }

// Path is the full path of name, for messages.
func (w *Within) Path(name string) string { return filepath.Join(w.dir, filepath.FromSlash(name)) }

// MkdirAll makes name and its missing parents inside the directory with perm; as root, each new
// one is given the owner and group of the one above it (see MkdirAll). A link or a file on the
// way is an error.
func (w *Within) MkdirAll(name string, perm os.FileMode) error {
	parts := strings.Split(path.Clean(name), "/")
	for i := range parts {
		sub := strings.Join(parts[:i+1], "/")
		fi, err := w.root.Lstat(sub)
		switch {
		case err == nil && fi.IsDir():
			continue
		case err == nil:
			return fmt.Errorf("create %s: %s", w.Path(sub), KindOf(fi.Mode()))
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("create %s: %w", w.Path(sub), unwrap(err))
		}
		if err := w.root.Mkdir(sub, perm); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create %s: %w", w.Path(sub), unwrap(err))
		}
		if !isRoot() {
			continue
		}
		if above, err := w.root.Lstat(path.Dir(sub)); err == nil {
			if uid, gid, ok := ownerOf(above); ok {
				if err := w.root.Lchown(sub, uid, gid); err != nil {
					return fmt.Errorf("create %s: give it to uid %d: %w", w.Path(sub), uid, unwrap(err))
				}
			}
		}
	}
	return nil
}

// Lstat describes name itself, a link not followed.
func (w *Within) Lstat(name string) (fs.FileInfo, error) { return w.root.Lstat(name) }

// ErrLink is matched by the error of ReadFile for a name that is a symbolic link.
var ErrLink = errors.New("a symbolic link")

// ReadFile reads the regular file name, at most limit bytes (ErrTooLarge beyond), with what
// fstat says of the file read. A symbolic link in its place, or a file swapped in between the
// look and the open, is refused (ErrLink), as is anything that is not a regular file
// (*NotRegularError); a missing file wraps fs.ErrNotExist.
func (w *Within) ReadFile(name string, limit int64) ([]byte, fs.FileInfo, error) {
	p := w.Path(name)
	fi, err := w.root.Lstat(name)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "read", Path: p, Err: unwrap(err)}
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, nil, &fs.PathError{Op: "read", Path: p, Err: ErrLink}
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: p, Kind: KindOf(fi.Mode())}
	}
	f, err := w.root.OpenFile(name, os.O_RDONLY|noBlock, 0)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "read", Path: p, Err: unwrap(err)}
	}
	defer func() { _ = f.Close() }()
	opened, err := f.Stat()
	if err != nil {
		return nil, nil, &fs.PathError{Op: "read", Path: p, Err: unwrap(err)}
	}
	if !opened.Mode().IsRegular() || !os.SameFile(opened, fi) {
		return nil, nil, &fs.PathError{Op: "read", Path: p, Err: ErrLink}
	}
	data, err := ReadBounded(f, p, opened.Size(), limit)
	return data, opened, err
}

// The owners WriteFile may give a file, beside a uid and gid of its own.
const (
	// DirOwner gives the file, as root, to the owner and group of its directory, as MkdirAll
	// gives directories.
	DirOwner = -1
	// Writer leaves the file to whoever writes it.
	Writer = -2
)

// WriteFile replaces name with data through a synced temporary file beside it, renamed over it
// (a link in its place is replaced, not followed), with mode perm; as root, given to uid and gid
// (or see DirOwner and Writer).
func (w *Within) WriteFile(name string, data []byte, perm os.FileMode, uid, gid int) error {
	p := w.Path(name)
	dir, base := path.Split(name)
	var f *os.File
	var tmp string
	for range 100 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
		tmp = dir + "." + base + tempMarker + hex.EncodeToString(b[:])
		var err error
		f, err = w.root.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", p, unwrap(err))
		}
		break
	}
	if f == nil {
		return fmt.Errorf("write %s: too many temporary name collisions", p)
	}
	err := w.fill(f, data, perm, dir, uid, gid)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = w.root.Rename(tmp, name)
	}
	if err != nil {
		err = fmt.Errorf("write %s: %w", p, unwrap(err))
		if rerr := w.root.Remove(tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = fmt.Errorf("%w; and %w", err, &LeftoverError{Path: w.Path(tmp), Err: rerr})
		}
		return err
	}
	if d, err := w.root.Open(strings.TrimSuffix(dir, "/") + "."); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}

// fill writes data to f, gives it its owner (as root) and mode, and syncs it.
func (w *Within) fill(f *os.File, data []byte, perm os.FileMode, dir string, uid, gid int) error {
	if _, err := f.Write(data); err != nil {
		return err
	}
	if isRoot() && uid != Writer {
		if uid == DirOwner {
			if fi, err := w.root.Lstat(strings.TrimSuffix(dir, "/") + "."); err == nil {
				uid, gid, _ = ownerOf(fi)
			}
		}
		if uid >= 0 {
			if err := f.Chown(uid, gid); err != nil {
				return err
			}
		}
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	return f.Sync()
}

// Remove removes name (a link itself, never what it leads to); a missing one is no error.
func (w *Within) Remove(name string) error {
	if err := removeIn(w, name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", w.Path(name), unwrap(err))
	}
	return nil
}

// ReadDir lists the directory name; a link in its place is refused (ErrLink), a missing one
// has no entries.
func (w *Within) ReadDir(name string) ([]fs.DirEntry, error) {
	fi, err := w.root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("list %s: %w", w.Path(name), unwrap(err))
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("list %s: %w", w.Path(name), ErrLink)
	case !fi.IsDir():
		return nil, fmt.Errorf("list %s: %s, not a directory", w.Path(name), KindOf(fi.Mode()))
	}
	d, err := w.root.Open(name)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", w.Path(name), unwrap(err))
	}
	defer func() { _ = d.Close() }()
	ents, err := d.ReadDir(-1)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", w.Path(name), unwrap(err))
	}
	return ents, nil
}

// RemoveStaleTemps removes the temporary files a killed run left in the directory name, whatever
// their target. Call it holding the lock of the directory's writers.
func (w *Within) RemoveStaleTemps(name string) error {
	ents, err := w.ReadDir(name)
	if err != nil {
		return err
	}
	for _, e := range ents {
		n := e.Name()
		i := strings.LastIndex(n, tempMarker)
		if !strings.HasPrefix(n, ".") || i < 1 || !IsTempOf(n, n[1:i]) {
			continue
		}
		if err := w.Remove(name + "/" + n); err != nil {
			return err
		}
	}
	return nil
}

// Trusted reports whether the file fi describes may be acted on as a record ccc-hooks wrote:
// it is owned by the user running, or by root (who alone could have written a file root
// owns). A record another user owns in a home root works in is that user's to write, and
// root acts on nothing on the strength of it. Windows keeps no owner here: every file is.
func Trusted(fi fs.FileInfo) bool {
	uid, _, ok := ownerOf(fi)
	return !ok || uid == os.Geteuid() || uid == 0
}

// Owner returns the owner and group of fi; ok is false where the system keeps none here.
func Owner(fi fs.FileInfo) (uid, gid int, ok bool) { return ownerOf(fi) }
