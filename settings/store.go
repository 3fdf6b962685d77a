package settings

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// FileStore writes settings files on disk safely (lock, backup, atomic replace); Home is the
// ccc-hooks home (see paths.Home).
type FileStore struct {
	Home        string
	Now         func() time.Time // nil means time.Now
	LockTimeout time.Duration    // 0 means 30s
	// Settle is how long Update waits after replacing a file before it looks whether a foreign
	// write landed in the file it replaced; 0 means defaultSettle.
	Settle time.Duration
	// KeepTrying is how long Update goes on trying a file that keeps changing once maxAttempts
	// rounds failed; 0 means defaultKeepTrying.
	KeepTrying time.Duration
	// plainRename makes Update replace files with a plain rename, as on systems that cannot
	// swap two names atomically (tests of that path on Linux).
	plainRename bool
	// Ours, when set, says which hook commands are ccc-hooks' own: a container on the hooks path
	// that holds only such entries when this store writes the file, and that the file's record does
	// not list, is recorded as filled by ccc-hooks (see noteWrite).
	Ours OwnerFunc
	// beforeSwap, when set, runs after the last look at the file and before the swap, where
	// a tracer holding the swap lets another program save (tests of that moment).
	beforeSwap func()
}

// Change is what Update did.
type Change struct {
	Path    string // the path asked for
	Target  string // the final file written (symlinks resolved)
	Old     []byte // bytes before (nil when the file did not exist)
	New     []byte // bytes after (nil when removed)
	Existed bool
	Removed bool
	Changed bool // false when New == Old (nothing written)
	// InPlace says why the file was written in place, with a backup, rather than replaced ("" when
	// it was replaced): a replacement could not carry what the file is (see
	// safefile.CannotCarryError).
	InPlace string
	// Leftovers are temporary files Update could not remove (*safefile.LeftoverError), also
	// when it failed; the next run removes them.
	Leftovers []error
	// Notes say what another program did to the file while Update wrote it (it saved, and its
	// save was put back and changed; it saved twice, and the earlier save is kept beside the file).
	Notes []string
	// emptied is what a change that removes the file left of it, written instead of removing a
	// file with other names (hard links).
	emptied []byte
}

// AfterWriteError is an error of Update that came after the file was changed (written, or
// removed): what is said of it must not be that the file was left unchanged.
type AfterWriteError struct {
	Err     error
	Removed bool // the file was removed (else written)
}

func (e *AfterWriteError) Error() string { return e.Err.Error() }

func (e *AfterWriteError) Unwrap() error { return e.Err }

// ChangeFunc computes the new bytes from the current ones; remove=true deletes the file.
type ChangeFunc func(old []byte, exists bool) (updated []byte, remove bool, err error)

const (
	// An update makes at least maxAttempts rounds, and goes on while KeepTrying has not passed
	// (a program that keeps saving the file, such as Claude Code granting permissions, pauses
	// now and then), up to maxRounds.
	maxAttempts       = 10
	defaultKeepTrying = 5 * time.Second
	maxRounds         = 1000
	newFileMode       = 0o644
	defaultSettle     = 5 * time.Millisecond
)

// LockFile returns the path of the lock that serialises writers: <Home>/locks/settings.lock.
func (s *FileStore) LockFile() string { return filepath.Join(s.Home, "locks", "settings.lock") }

// Update applies change to the file at path safely.
//
// Under the lock of LockFile it resolves path's symlink chain as the kernel does, removes
// temporary files a killed run left beside the target, and calls change with the target's
// current bytes (only a regular file is read). A different result is backed up under
// <Home>/backups, written to a synced temporary file that carries everything the target is
// (safefile.Prepare) and swapped in; a file a replacement cannot carry is written in place, and
// Change.InPlace says why. A result larger than MaxFileSize is refused (*TooLargeError); an error
// after the file changed is an *AfterWriteError.
//
// Other programs do not take the lock, so after the swap Update checks that what it replaced is
// what it read (isRead; where names cannot be swapped, takeDisplaced): a foreign save goes back in
// the path's place at once, the next round applies change to it, and Change.Notes says so. Rounds
// go on for a while (see maxAttempts); on error the file is left as it was.
func (s *FileStore) Update(path string, change ChangeFunc) (Change, error) {
	return s.update(path, func(string) (ChangeFunc, error) { return change, nil })
}

// LedgeredChange makes the change of one UpdateLedgered from the file's ledger (nil when there
// is none).
type LedgeredChange func(l *Ledger) ChangeFunc

// UpdateLedgered is Update with a change made from the file's ledger as it stands once the lock
// is held: a ledger read before can be out of date by then, when another ccc-hooks writes the
// same file at the same moment. The ledger is read once per call, so every round of the update
// sees the record as it was before this update wrote anything. The change gets the record
// ccc-hooks acts on (nil for none, and for one it does not trust: see Record); a record that
// cannot be read stops the update (*UnreadableLedgerError), nothing written.
func (s *FileStore) UpdateLedgered(path string, change LedgeredChange) (Change, error) {
	return s.update(path, func(target string) (ChangeFunc, error) {
		rec, err := s.recordOf(target)
		if err != nil {
			return nil, err
		}
		if rec.Untrusted != "" {
			return change(nil), nil
		}
		l := rec.Ledger
		if data, err := ReadFile(target); err == nil { // else the rounds read it, and say what stops them
			l = l.fresh(target, data)
		}
		return change(l), nil
	})
}

// update is Update with the change made once the lock is held and path resolved to target.
func (s *FileStore) update(path string, makeChange func(target string) (ChangeFunc, error)) (Change, error) {
	c := Change{Path: path}
	var r round
	defer r.close()
	// One thread carries the whole update, so that a swap and the look at what it displaced follow
	// each other with no move to another thread between them, and a tracer that holds one system
	// call of it (strace, in the tests of a held swap) holds that call alone.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	err := s.locked(path, func(target string) error {
		c.Target = target
		if err := s.tidy(target); err != nil {
			return err
		}
		change, err := makeChange(target)
		if err != nil {
			return err
		}
		start := time.Now()
		inUse := false
		for n := 0; n < maxAttempts || n < maxRounds && time.Since(start) < s.keepTrying(); n++ {
			if n >= maxAttempts || inUse {
				time.Sleep(s.settle()) // a program that keeps writing: let it get on
			}
			var done bool
			var err error
			c, done, err = s.attempt(path, target, change, &r)
			// Windows refused the replace or removal: a program has the file open, perhaps
			// writing it. Nothing changed; the next round reads the file again.
			if inUse = errors.Is(err, safefile.ErrInUse); inUse {
				continue
			}
			if done || err != nil {
				return viaLink(err, path, target)
			}
			// A foreign rename over a link on the way (Claude Code saves by renaming over the
			// path) leaves path leading to another file: the next round follows it.
			if t, err := safefile.Resolve(path); err == nil && t != target {
				c = Change{Path: path, Target: t}
				if err := s.tidy(t); err != nil {
					return err
				}
				target = t
			}
		}
		c = Change{Path: path, Target: target}
		if inUse {
			return fmt.Errorf("update %s: another program kept the file open for %s, and Windows does not replace a file that is open; close that program and try again",
				target, time.Since(start).Round(time.Second))
		}
		return fmt.Errorf("update %s: the file kept changing for %s; another program is writing it", target, time.Since(start).Round(time.Second))
	})
	c.Leftovers, c.Notes = r.leftovers, r.notes
	var aw *AfterWriteError
	if err != nil && r.wrote && !errors.As(err, &aw) {
		// A round changed the file before this error: it is not as it was.
		err = &AfterWriteError{Err: err, Removed: r.removed}
	}
	return c, err
}

// attempt runs one read-change-write round; done is false when the round must be repeated.
func (s *FileStore) attempt(path, target string, change ChangeFunc, r *round) (Change, bool, error) {
	snap, err := readSnapshot(target)
	if err != nil {
		return Change{Path: path, Target: target}, false, err
	}
	defer snap.close()
	if snap.exists && isBlank(cutBOM(snap.data)) && !s.settled(target, snap) {
		// An in-place writer truncates first: an empty file may be one being written.
		return Change{Path: path, Target: target}, false, nil
	}
	base, exists := snap.data, snap.exists
	usingLost := r.active && exists && bytes.Equal(snap.data, r.ours)
	if usingLost {
		base = r.lost // the target still holds our write: re-apply onto what it displaced
	}
	r.active = false
	c, err := computeFrom(path, target, base, exists, change)
	if err != nil {
		switch {
		case usingLost && r.refresh(s.settle()):
			return c, false, nil // the displaced file was still being written: read it again
		case usingLost:
			// The other program's content is invalid as it stands: it goes back in place of
			// ours rather than being lost, and the error says why our change was not applied.
			if rerr := r.restore(target); rerr != nil {
				err = fmt.Errorf("%w; putting the other program's content back failed: %w", err, rerr)
			}
			return c, false, err
		case !s.settled(target, snap):
			return c, false, nil // read in the middle of a foreign write: read again
		}
		return c, false, err
	}
	c.Old, c.Existed = snap.data, snap.exists
	c.Changed = c.Removed || !bytes.Equal(c.New, snap.data) && (exists || c.Changed)
	if !c.Changed {
		return c, true, nil
	}
	if err := checkWritable(target, snap.info); err != nil {
		return c, false, err
	}
	if n := safefile.Names(target, snap.info); c.Removed && n > 1 {
		// Removing one name would leave our entries under the others: the file is emptied.
		c.Removed, c.New = false, c.emptied
		c.InPlace = fmt.Sprintf("it has %d names (hard links), so it is emptied rather than removed", n)
	}
	if c.Removed {
		ok, err := s.remove(c, snap, r)
		return c, ok, err
	}
	return s.replace(c, snap, base, r)
}

// replace backs up and writes c.New over c.Target; done is false when a foreign write was seen
// and the round must be repeated.
func (s *FileStore) replace(c Change, snap *snapshot, base []byte, r *round) (Change, bool, error) {
	// The backup is written while the new file is prepared beside the target: both are synced
	// before the swap, and neither waits for the other's disk writes.
	backedUp := make(chan error, 1)
	go func() { backedUp <- r.backupOnce(s, c.Target, snap) }()
	p, finish, undo, err := s.prepare(c, snap.exists, base, r)
	switch berr := <-backedUp; {
	case berr != nil && err == nil:
		r.discard(p)
		undo()
		err = berr
	case berr != nil:
		err = fmt.Errorf("%w; and %w", err, berr) // each may name a temporary file it left
	}
	var cannot *safefile.CannotCarryError
	if errors.As(err, &cannot) {
		return s.writeInPlace(c, snap, base, r, cannot.Reason)
	}
	if err != nil {
		return c, false, err
	}
	if !snap.sameAs(c.Target) || !leadsTo(c.Path, c.Target) { // the last moment before the swap
		r.discard(p)
		undo()
		return c, false, nil
	}
	if s.beforeSwap != nil {
		s.beforeSwap()
	}
	displaced, err := s.commit(p, snap.exists)
	if errors.Is(err, safefile.ErrTargetChanged) {
		r.leftOver(p)
		undo()
		return c, false, nil
	}
	if err != nil {
		r.leftOver(p)
		undo()
		return c, false, err
	}
	if displaced != nil {
		defer func() { _ = displaced.Close() }()
		if !s.isRead(displaced, snap) {
			// Another program saved the file after it was read: its save goes back in place at
			// once, before anyone reads ours instead, and the next round applies our change to it.
			undo()
			err := r.giveBack(c.Target, displaced, c.New)
			r.leftOver(p)
			return c, false, err
		}
		displaced.Drop()
	}
	r.leftOver(p)
	r.wrote = true
	r.finished(finish())
	// The settle time lets a foreign rename racing ours land before holds looks, so that our
	// change is applied again on top of it instead of being silently replaced.
	time.Sleep(s.settle())
	if displaced == nil && r.takeDisplaced(snap, c.New, s.settle()) {
		return c, false, nil
	}
	return c, holds(c.Target, c.New) && leadsTo(c.Path, c.Target), nil
}

// writersWait bounds how long a replace waits for a program that has the displaced file open for
// writing to close it.
const writersWait = 2 * time.Second

// isRead reports whether d, the file the swap displaced, is the file snap read: the same file
// (its identity), holding the same bytes once no program has it open for writing — where that
// cannot be asked, after the settle time. A file still open for writing is not: a write still to
// come into it must not land in a file without a name.
func (s *FileStore) isRead(d *safefile.Displaced, snap *snapshot) bool {
	if fi, err := d.Stat(); err != nil || !os.SameFile(fi, snap.info) {
		return false // a save by rename: said at once, without a read
	}
	free, known := safefile.WaitWriters(d.File, writersWait)
	switch {
	case known && !free:
		return false
	case !known:
		time.Sleep(s.settle())
	}
	return unchanged(d.File, snap.data)
}

// prepare records in the ledger what writing c.New over base creates, and writes c.New to a
// synced temporary file beside c.Target. finish and undo complete or take back the record; on
// error nothing is left to take back.
func (s *FileStore) prepare(c Change, existed bool, base []byte, r *round) (p *safefile.Pending, finish func() error, undo func(), err error) {
	// Recorded before they are made: a run killed in between leaves them known as ours.
	r.dirs = append(r.dirs, safefile.MissingDirs(filepath.Dir(c.Target))...)
	finish, undo, err = s.noteWrite(c.Target, existed, base, c.New, r.dirs)
	if err != nil {
		return nil, nil, nil, err
	}
	if _, err := safefile.MkdirAll(filepath.Dir(c.Target), 0o755); err != nil {
		undo()
		return nil, nil, nil, fmt.Errorf("write %s: %w", c.Target, err)
	}
	p, err = safefile.Prepare(c.Target, c.New, newFileMode)
	if err != nil {
		undo()
		return nil, nil, nil, err
	}
	return p, finish, undo, nil
}

func (s *FileStore) commit(p *safefile.Pending, existed bool) (*safefile.Displaced, error) {
	if s.plainRename {
		return nil, p.Replace()
	}
	return p.Commit(existed)
}

// remove deletes c.Target unless a foreign write lands: the file is first moved aside under a
// temporary name, checked, and put back when it is not what was read.
func (s *FileStore) remove(c Change, snap *snapshot, r *round) (bool, error) {
	if err := r.backupOnce(s, c.Target, snap); err != nil {
		return false, err
	}
	if !snap.sameAs(c.Target) || !leadsTo(c.Path, c.Target) {
		return false, nil
	}
	// The record is found while the file is there: by its path, or by what it is.
	rec, err := s.recordOf(c.Target)
	if err != nil {
		return false, err
	}
	gone, err := safefile.RemoveChecked(c.Target, func(aside string) bool {
		time.Sleep(s.settle()) // let an in-place writer that had the file open finish
		return holds(aside, snap.data)
	})
	var left *safefile.LeftoverError
	if gone && errors.As(err, &left) {
		// Removed; a hidden copy of the old file stays until the next run, which is said.
		r.leftovers, err = append(r.leftovers, left), nil
	}
	if err != nil || !gone {
		return false, err
	}
	r.wrote, r.removed = true, true
	if err := s.forget(rec); err != nil {
		// The file is gone, as asked: what is left is bookkeeping, which the next run's tidy does.
		r.note(RecordNotDropped(c.Target, err))
	}
	return true, nil
}

// Tidy removes the temporary files that a killed ccc-hooks left beside the file at path, in
// its backups and in the ledger. Update does this itself; commands call Tidy for the files they
// end up not changing, so that the next run always cleans up after a killed one.
func (s *FileStore) Tidy(path string) error { return s.locked(path, s.tidy) }

// tidy is Tidy under the lock. It also finishes the removal of a file whose uninstall was
// killed after the file went (its record goes, and the directories made for it once empty), and
// puts back the bytes of a file a killed write in place left torn (finishInPlace).
func (s *FileStore) tidy(target string) error {
	if err := safefile.RemoveStaleTemps(target); err != nil {
		return err
	}
	if err := s.finishInPlace(target); err != nil {
		return err
	}
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		if rec, err := s.recordAt(target); err == nil && rec.Ledger != nil && rec.Untrusted == "" {
			_ = s.forgetFile(target)
		}
	}
	// Best effort below: a broken backups or ledger directory is reported by the write that
	// needs it, naming the settings file.
	if w, err := safefile.OpenWithin(s.Home, false); err == nil {
		_ = w.RemoveStaleTemps(backupRel(target))
		_ = w.RemoveStaleTemps(ledgerDir)
		w.Close()
	}
	return nil
}

// locked runs fn with the store's lock held and path resolved as the kernel does. A path that
// cannot be resolved (a link whose target ends in "/" but names a file, say) is refused before
// the lock is taken: nothing is written, not even in ccc-hooks home.
func (s *FileStore) locked(path string, fn func(target string) error) error {
	if _, err := safefile.Resolve(path); err != nil {
		return err
	}
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	target, err := safefile.Resolve(path)
	if err != nil {
		return err
	}
	return fn(target)
}

func (s *FileStore) lock() (unlock func(), err error) {
	if s.Home == "" {
		return nil, errors.New("lock: no ccc-hooks home directory")
	}
	return safefile.Lock(context.Background(), s.LockFile(), s.LockTimeout)
}

func (s *FileStore) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *FileStore) settle() time.Duration {
	if s.Settle > 0 {
		return s.Settle
	}
	return defaultSettle
}

func (s *FileStore) keepTrying() time.Duration {
	if s.KeepTrying > 0 {
		return s.KeepTrying
	}
	return defaultKeepTrying
}

// RecordNotDropped says that the file at path is removed, as asked, though its record in the
// ledger could not be dropped (err): bookkeeping the next run's tidy does.
func RecordNotDropped(path string, err error) string {
	return fmt.Sprintf("%s is removed, and stays removed; but its record in the ledger could not be dropped (%v): the next ccc-hooks run drops it", path, err)
}
