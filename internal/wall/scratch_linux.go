package wall

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// scratch is the directory a wall's layers write to while it stands: p/ for the project's layer
// and h/ for the home directory's, each with u (the upper layer) and w (overlayfs's work
// directory). It lives in a directory of this user's own below the system's temporary
// directory, never inside the project or the home directory (an overlay refuses an upper layer
// inside its lower one), and is held by a lock on itself while the wall stands; a scratch that
// a killed hook left behind is unlocked, and the next wall removes it.
type scratch struct {
	dir  string
	lock *os.File
}

// scratchBase returns the directory the scratch directories go in: s.Scratch when given, else
// the first of the TMPDIR of s.Env (the environment of whoever runs the check; the command itself
// is given a fresh /tmp), /var/tmp (on disk where /tmp is memory) and /tmp that is a directory
// outside the project and the home directory.
func scratchBase(s Spec) (string, error) {
	candidates := []string{s.Scratch}
	if s.Scratch == "" {
		candidates = []string{proc.Getenv(s.Env, "TMPDIR"), "/var/tmp", "/tmp"}
	}
	for _, c := range candidates {
		if c == "" || !filepath.IsAbs(c) {
			continue
		}
		c = filepath.Clean(c)
		if Within(c, s.Project) || s.Home != "" && Within(c, s.Home) {
			continue
		}
		if fi, err := os.Stat(c); err == nil && fi.IsDir() {
			return c, nil
		}
	}
	return "", refused("no temporary directory outside the project and the home directory for the layers")
}

// newScratch makes the scratch of one wall, first removing those killed walls left.
func newScratch(s Spec) (*scratch, error) {
	base, err := scratchBase(s)
	if err != nil {
		return nil, err
	}
	parent, err := ownDir(filepath.Join(base, "ccc-hooks-walls-"+strconv.Itoa(os.Getuid())))
	if err != nil {
		return nil, err
	}
	sweep(parent)
	dir, err := os.MkdirTemp(parent, "wall-")
	if err != nil {
		return nil, fmt.Errorf("wall: make the layers' directory: %w", err)
	}
	lock, err := os.Open(dir)
	if err == nil {
		err = unix.Flock(int(lock.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	}
	if err != nil {
		removeAll(dir)
		return nil, fmt.Errorf("wall: lock %s: %w", dir, err)
	}
	sc := &scratch{dir: dir, lock: lock}
	for _, l := range []struct{ name, like string }{{"p", s.Project}, {"h", s.Home}} {
		for _, sub := range []string{"u", "w"} {
			if err := os.MkdirAll(filepath.Join(dir, l.name, sub), 0o700); err != nil {
				sc.remove()
				return nil, fmt.Errorf("wall: %w", err)
			}
		}
		// The layer's top is its upper directory: give it the mode of the directory it covers.
		if fi, err := os.Stat(l.like); l.like != "" && err == nil {
			_ = os.Chmod(filepath.Join(dir, l.name, "u"), fi.Mode().Perm())
		}
	}
	return sc, nil
}

// ownDir returns dir, made when missing, when it is a directory of this user's that no one else
// may write to, reached with no symbolic link; else a fresh directory beside it (a shared
// temporary directory is anyone's to fill with traps).
func ownDir(dir string) (string, error) {
	if err := os.Mkdir(dir, 0o700); err != nil && !os.IsExist(err) {
		return "", fmt.Errorf("wall: make %s: %w", dir, err)
	}
	var st unix.Stat_t
	if err := unix.Lstat(dir, &st); err == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR &&
		int(st.Uid) == os.Getuid() && st.Mode&0o022 == 0 {
		return dir, nil
	}
	fresh, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+"-")
	if err != nil {
		return "", fmt.Errorf("wall: %s is not this user's own, and no other could be made: %w", dir, err)
	}
	return fresh, nil
}

// sweep removes the scratch directories below parent that no wall holds.
func sweep(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		dir := filepath.Join(parent, e.Name())
		f, err := os.Open(dir)
		if err != nil {
			continue
		}
		if unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) == nil {
			removeAll(dir)
		}
		f.Close()
	}
}

// remove removes the scratch and lets its lock go.
func (sc *scratch) remove() {
	removeAll(sc.dir)
	sc.lock.Close()
}

// removeAll removes dir and everything in it, also what a command left unreadable (a directory
// of mode 000, overlayfs's own work directory).
func removeAll(dir string) {
	if os.RemoveAll(dir) == nil {
		return
	}
	var open func(string)
	open = func(path string) {
		if fi, err := os.Lstat(path); err != nil || !fi.IsDir() {
			return
		}
		_ = os.Chmod(path, 0o700)
		entries, _ := os.ReadDir(path)
		for _, e := range entries {
			if e.IsDir() {
				open(filepath.Join(path, e.Name()))
			}
		}
	}
	open(dir)
	_ = os.RemoveAll(dir)
}
