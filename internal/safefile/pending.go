package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrTargetChanged is returned by Pending.Commit when another program created the target the
// caller saw missing, or removed the one it saw; nothing was replaced.
var ErrTargetChanged = errors.New("the file appeared or vanished while it was being written")

// Pending is a complete, synced temporary file beside its target, waiting to take its place.
type Pending struct {
	target string
	name   string // the temporary file; after an exchange it holds the displaced file
	done   bool
	// Leftover says, when not nil, that a temporary file could not be removed (Discard, or the
	// name of the displaced file after Commit): it stays beside the target until the next run
	// removes it (RemoveStaleTemps).
	Leftover *LeftoverError
}

// LeftoverError names a temporary file ccc-hooks could not remove, and why.
type LeftoverError struct {
	Path string
	// Old is set when it holds the file as it was before (the displaced file), else the bytes
	// that were to be written.
	Old bool
	Err error
}

func (e *LeftoverError) Error() string {
	what := "the bytes that were to be written"
	if e.Old {
		what = "the file as it was"
	}
	return fmt.Sprintf("%s, a copy of %s, could not be removed (%v); the next ccc-hooks run removes it", e.Path, what, unwrap(e.Err))
}

// Prepare writes data to a new temporary file in the directory of target (never $TMPDIR, so a
// private file's contents never leave the directory that protects them) and syncs it.
//
// The temporary file gets everything of an existing target a replacement must carry (carry);
// a new one gets perm less the umask and, as root, the directory's owner. A target with other
// names (hard links), or with something a new file cannot be given, is a *CannotCarryError,
// nothing left behind: the caller writes the file in place (WriteInPlace) or refuses.
func Prepare(target string, data []byte, perm os.FileMode) (*Pending, error) {
	return prepare(target, data, perm, true)
}

// prepare is Prepare; whole is false for ccc-hooks' own files (see WriteFileAtomic), which keep
// only their owner, group and permission bits and take no notice of other names.
func prepare(target string, data []byte, perm os.FileMode, whole bool) (*Pending, error) {
	old, err := os.Stat(target)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("write %s: %w", target, err)
	}
	if n := Names(target, old); whole && n > 1 {
		return nil, &CannotCarryError{Path: target, Reason: fmt.Sprintf("it has %d names (hard links), which a replacement would split", n)}
	}
	// Private until complete when it replaces a file; a new file is created with perm (less
	// the umask) as os.WriteFile would.
	mode := perm
	if old != nil {
		mode = 0o600
	}
	f, err := createTemp(target, mode)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", target, err)
	}
	p := &Pending{target: target, name: f.Name()}
	if err := fill(f, data, old, target, whole); err != nil {
		_ = f.Close()
		p.Discard()
		if !errors.Is(err, ErrCannotCarry) {
			err = fmt.Errorf("write %s: %w", target, err)
		}
		return nil, p.withLeftover(err)
	}
	if err := f.Close(); err != nil {
		p.Discard()
		return nil, p.withLeftover(fmt.Errorf("write %s: %w", target, err))
	}
	return p, nil
}

// fill writes data to f and gives f what the target should have: everything of the file it
// replaces (old, at target; see carry), or for a new file, as root, the directory's owner.
func fill(f *os.File, data []byte, old fs.FileInfo, target string, whole bool) error {
	if _, err := f.Write(data); err != nil {
		return err
	}
	if old != nil && whole {
		if err := carry(f, old, target); err != nil {
			return err
		}
		return f.Sync()
	}
	if old != nil {
		if err := keepOwner(f, old); err != nil {
			return err
		}
		if err := f.Chmod(old.Mode().Perm()); err != nil {
			return err
		}
		return f.Sync()
	}
	if uid, gid, ok := dirOwner(filepath.Dir(f.Name())); ok {
		if cur, err := f.Stat(); err != nil {
			return err
		} else if cu, cg, _ := ownerOf(cur); cu != uid || cg != gid {
			if err := f.Chown(uid, gid); err != nil {
				return fmt.Errorf("give it to its directory's owner (uid %d, gid %d): %w", uid, gid, err)
			}
		}
	}
	return f.Sync()
}

// keepOwner gives f the owner and group of old where they differ, as root may.
func keepOwner(f *os.File, old fs.FileInfo) error {
	uid, gid, ok := ownerOf(old)
	if !ok {
		return nil
	}
	cur, err := f.Stat()
	if err != nil {
		return err
	}
	if cu, cg, _ := ownerOf(cur); cu == uid && cg == gid {
		return nil
	}
	if err := f.Chown(uid, gid); err != nil {
		return fmt.Errorf("keep its owner (uid %d, gid %d): %w", uid, gid, err)
	}
	return nil
}

// withLeftover adds to err the temporary file Discard could not remove, if any.
func (p *Pending) withLeftover(err error) error {
	if p.Leftover == nil {
		return err
	}
	return fmt.Errorf("%w; and %w", err, p.Leftover)
}

// Replace renames the temporary file over the target and syncs the directory. Where Windows
// refuses because a program has the target open, the error matches ErrInUse.
func (p *Pending) Replace() error {
	if err := rename(p.name, p.target); err != nil {
		p.Discard()
		return fmt.Errorf("write %s: %w", p.target, busy(err))
	}
	p.done = true
	syncDir(filepath.Dir(p.target))
	return nil
}

// Commit puts the temporary file in the target's place. existed says whether the target
// existed when the caller last looked.
//
// A missing target is created only if it is still missing, and an existing one is swapped
// only if it still exists (else ErrTargetChanged, with nothing changed). Where the system can
// swap two names atomically (renameat2 RENAME_EXCHANGE, renamex_np RENAME_SWAP), the file that
// stood at target at that instant is returned open, still under the temporary name, for the
// caller to look at and then Drop or SwapBack; elsewhere the target is renamed over and
// displaced is nil.
func (p *Pending) Commit(existed bool) (displaced *Displaced, err error) {
	if !existed {
		switch err := createOnly(p.name, p.target); {
		case err == nil:
			p.done = true
			syncDir(filepath.Dir(p.target))
			return nil, nil
		case errors.Is(err, fs.ErrExist):
			p.Discard()
			return nil, ErrTargetChanged
		case !errors.Is(err, errUnsupported):
			p.Discard()
			return nil, fmt.Errorf("write %s: %w", p.target, err)
		}
		return nil, p.Replace()
	}
	ours, err := os.Lstat(p.name)
	if err != nil {
		p.Discard()
		return nil, fmt.Errorf("write %s: %w", p.target, err)
	}
	guard := guarded(p.name)
	switch err := exchange(p.name, p.target); {
	case errors.Is(err, errUnsupported):
		release(guard)
		return nil, p.Replace()
	case errors.Is(err, fs.ErrNotExist):
		release(guard)
		p.Discard()
		return nil, ErrTargetChanged
	case err != nil:
		release(guard)
		p.Discard()
		return nil, fmt.Errorf("write %s: %w", p.target, err)
	}
	p.done = true
	syncDir(filepath.Dir(p.target))
	d := p.takeDisplaced(ours)
	if d == nil {
		release(guard)
		return nil, nil
	}
	d.guard = guard
	return d, nil
}

// guarded opens the file at path, which only this process has open, and takes a write lease on
// it, so that another program opening it waits until the lease is released: nil where that
// cannot be had (no leases here, a file system without them, a file of another user).
func guarded(path string) *os.File {
	f, err := os.OpenFile(path, os.O_RDWR|noFollow, 0)
	if err != nil {
		return nil
	}
	if writeLease(f) != nil {
		_ = f.Close()
		return nil
	}
	return f
}

func release(f *os.File) {
	if f != nil {
		unlease(f)
		_ = f.Close()
	}
}

// takeDisplaced opens what the temporary name holds after the swap, without blocking (a foreign
// program may have put anything there, even a FIFO): nil, with the name removed, when it vanished
// or cannot be opened, and so there is nothing to read back. A name that cannot be removed is said
// in Leftover.
func (p *Pending) takeDisplaced(ours fs.FileInfo) *Displaced {
	f, err := openNoBlock(p.name)
	if err != nil {
		p.removeDisplaced()
		return nil
	}
	return &Displaced{File: f, name: p.name, target: p.target, ours: ours, p: p}
}

func (p *Pending) removeDisplaced() {
	if err := os.Remove(p.name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		p.Leftover = &LeftoverError{Path: p.name, Old: true, Err: err}
	}
}

// Discard removes the temporary file unless it took the target's place; one that cannot be
// removed is said in Leftover.
func (p *Pending) Discard() {
	if !p.done {
		if err := os.Remove(p.name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			p.Leftover = &LeftoverError{Path: p.name, Err: err}
		}
		p.done = true
	}
}

// WriteFileAtomic replaces path with data through a synced temporary file in the same
// directory, keeping the permission bits, owner and group of an existing file (for a new one:
// perm less the umask, and as root the directory's owner).
//
// It is for ccc-hooks' own files (state, logs, records under ccc-hooks home): unlike Prepare it
// carries no extended attribute and takes no notice of other names, so that a label or a link
// of the home never stops a hook from writing its state.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	p, err := prepare(path, data, perm, false)
	if err != nil {
		return err
	}
	return p.Replace()
}

// syncDir makes a rename in dir durable; errors are ignored (not every system can sync a
// directory, and the rename itself already happened).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// openNoBlock opens path for reading without following a final symbolic link and without
// blocking should it be a FIFO; callers check what they opened with Stat.
func openNoBlock(path string) (*os.File, error) { return openRead(path, false) }

// RemoveChecked removes target in a way that loses no foreign write: the file is moved aside
// under a temporary name, then check is called with that name. When check approves, the file is
// removed (gone is true); otherwise it is put back unless a new target appeared meanwhile, and
// then the error names where the moved-aside file is kept. A file moved aside that cannot be
// removed is put back (gone false); only where that fails too is gone true, with a
// *LeftoverError naming the hidden copy that the next run removes.
func RemoveChecked(target string, check func(aside string) bool) (gone bool, err error) {
	f, err := createTemp(target, 0o600)
	if err != nil {
		return false, fmt.Errorf("remove %s: %w", target, err)
	}
	aside := f.Name()
	if err := f.Close(); err != nil {
		_ = os.Remove(aside)
		return false, fmt.Errorf("remove %s: %w", target, err)
	}
	if err := os.Rename(target, aside); err != nil {
		if rerr := os.Remove(aside); rerr != nil {
			return false, fmt.Errorf("remove %s: %w; and %w", target, busy(err), &LeftoverError{Path: aside, Err: rerr})
		}
		return false, fmt.Errorf("remove %s: %w", target, busy(err))
	}
	if check(aside) {
		rerr := os.Remove(aside)
		if rerr == nil {
			syncDir(filepath.Dir(target))
			return true, nil
		}
		if err := putBack(aside, target); err != nil {
			return true, &LeftoverError{Path: aside, Old: true, Err: rerr}
		}
		return false, fmt.Errorf("remove %s: %w; it was put back", target, unwrap(rerr))
	}
	if err := putBack(aside, target); err != nil {
		// Keep it under a name the stale-file cleanup does not take.
		keep, _ := keepAside(aside, target)
		return false, fmt.Errorf("remove %s: another program wrote it meanwhile; its content is kept in %s", target, keep)
	}
	return false, nil
}

// putBack renames aside back to target unless a file appeared there meanwhile.
func putBack(aside, target string) error {
	err := createOnly(aside, target)
	if errors.Is(err, errUnsupported) {
		err = os.Rename(aside, target)
	}
	return err
}
