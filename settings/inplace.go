package settings

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// writeInPlace writes c.New into the file c.Target itself, for a file a replacement cannot carry
// (reason: it has other names, or an owner, mode bit, extended attribute or ACL a new file could
// not be given), as vim's backupcopy=auto does: the inode stays, and with it all the file is.
//
// It is not atomic as a replacement is, so it is guarded as follows. The old bytes are backed up
// first, and the new ones written to a journal in the file's backup directory (journalName)
// before the file is touched; the journal goes once the file is written and synced. A run killed
// in between leaves the journal, and the next run's tidy puts the old bytes back when it finds
// the file torn (safefile.Torn). A write that fails part way puts the old bytes back at once;
// only where that fails too does the error say the file may be half written, and where its old
// bytes are. A foreign write landing in the file between our last look and our write is lost
// (a replacement would have kept it): that window is microseconds.
func (s *FileStore) writeInPlace(c Change, snap *snapshot, base []byte, r *round, reason string) (Change, bool, error) {
	if c.InPlace == "" {
		c.InPlace = reason
	}
	if err := r.backupOnce(s, c.Target, snap); err != nil {
		return c, false, err
	}
	finish, undo, err := s.noteWrite(c.Target, true, base, c.New, r.dirs)
	if err != nil {
		return c, false, err
	}
	if !snap.sameAs(c.Target) || !leadsTo(c.Path, c.Target) {
		undo()
		return c, false, nil
	}
	w, err := safefile.OpenWithin(s.Home, true)
	if err != nil {
		undo()
		return c, false, fmt.Errorf("write %s in place (%s): %w", c.Target, reason, err)
	}
	defer w.Close()
	journal := backupRel(c.Target) + "/" + journalName
	if err := w.WriteFile(journal, c.New, 0o600, safefile.Writer, safefile.Writer); err != nil {
		undo()
		return c, false, fmt.Errorf("write %s in place (%s): keep its new bytes first: %w", c.Target, reason, err)
	}
	err = safefile.WriteInPlace(c.Target, c.New, snap.info)
	var cannot *safefile.CannotCarryError
	switch {
	case errors.Is(err, safefile.ErrTargetChanged):
		_ = w.Remove(journal)
		undo()
		return c, false, nil
	case errors.As(err, &cannot):
		_ = w.Remove(journal)
		undo()
		return c, false, fmt.Errorf("write %s: %s, and %s", c.Target, reason, cannot.Reason)
	}
	if err != nil {
		undo()
		return c, false, s.putBack(w, c.Target, snap, journal, reason, err)
	}
	r.wrote = true
	if err := w.Remove(journal); err != nil {
		r.leftovers = append(r.leftovers, fmt.Errorf("the journal of the write in place: %w; the next ccc-hooks run removes it", err))
	}
	r.finished(finish())
	return c, holds(c.Target, c.New) && leadsTo(c.Path, c.Target), nil
}

// journalName is the journal of a write in place, in the file's backup directory: the bytes
// being written, the writer's, mode 0600. Its name starts with a dot, so it is never listed as
// a backup.
const journalName = ".in-place"

// putBack puts snap's bytes back into target after a write in place failed (werr), and says in
// the error what the file holds then.
func (s *FileStore) putBack(w *safefile.Within, target string, snap *snapshot, journal, reason string, werr error) error {
	var ie *safefile.InPlaceError
	if errors.As(werr, &ie) && !ie.Written {
		_ = w.Remove(journal)
		return fmt.Errorf("%w (%s)", werr, reason)
	}
	if err := safefile.WriteInPlace(target, snap.data, snap.info); err != nil {
		return &HalfWrittenError{Path: target, Backup: s.newestBackup(target), Err: werr}
	}
	_ = w.Remove(journal)
	return fmt.Errorf("%w (%s); its bytes as they were are back", werr, reason)
}

// HalfWrittenError is a write in place that failed part way, and whose old bytes could not be
// put back either: the file may hold part of the new bytes. Its old bytes are in Backup, and the
// next run of ccc-hooks puts them back where it finds the file as this run left it.
type HalfWrittenError struct {
	Path, Backup string
	Err          error
}

func (e *HalfWrittenError) Error() string {
	return fmt.Sprintf("%v, and putting its bytes back failed too: the file may be half written; its bytes as they were are in %s, "+
		"and the next ccc-hooks install or uninstall puts them back", e.Err, e.Backup)
}

func (e *HalfWrittenError) Unwrap() error { return e.Err }

// newestBackup returns the path of target's newest backup ("" when none).
func (s *FileStore) newestBackup(target string) string {
	list, err := s.Backups(target)
	if err != nil || len(list) == 0 {
		return ""
	}
	return list[len(list)-1]
}

// finishInPlace looks, under the lock, for the journal of a write in place of target that a
// killed run left: where the file is torn as that write leaves it (safefile.Torn, between its
// newest backup and the journal), the backup's bytes are put back in place; the journal goes.
// Only a journal ccc-hooks may act on (see safefile.Trusted), and a backup that is too or that
// the file's own owner holds, are acted on: a record planted in a home root works in is left.
func (s *FileStore) finishInPlace(target string) error {
	w, err := safefile.OpenWithin(s.Home, false)
	if err != nil {
		return nil // no home, no journal
	}
	defer w.Close()
	if fi, err := w.Lstat(backupRel(target)); err != nil || !fi.IsDir() {
		return nil // no backup directory (a link is none), no journal: the backup that follows says why
	}
	journal := backupRel(target) + "/" + journalName
	updated, jfi, err := w.ReadFile(journal, MaxFileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.Is(err, safefile.ErrLink):
		return nil
	case err != nil:
		return fmt.Errorf("read the journal of a write of %s in place: %w", target, err)
	case !safefile.Trusted(jfi):
		return nil
	}
	snap, err := readSnapshot(target)
	if err != nil {
		return nil // the write that follows reports a file it cannot read
	}
	defer snap.close()
	if old, ok := s.restorable(w, target, snap); ok && snap.exists && safefile.Torn(snap.data, old, updated) {
		if err := safefile.WriteInPlace(target, old, snap.info); err != nil {
			return fmt.Errorf("put back %s, half written by a ccc-hooks that was stopped: %w", target, err)
		}
	}
	return w.Remove(journal)
}

// restorable returns the bytes of target's newest backup when ccc-hooks may write them back into
// the file: the backup is its own (or root's), or belongs to the file's owner.
func (s *FileStore) restorable(w *safefile.Within, target string, snap *snapshot) ([]byte, bool) {
	list, err := listBackups(w, backupRel(target))
	if err != nil || len(list) == 0 || !snap.exists {
		return nil, false
	}
	old, fi, err := w.ReadFile(backupRel(target)+"/"+list[len(list)-1].name, MaxFileSize)
	if err != nil {
		return nil, false
	}
	if safefile.Trusted(fi) {
		return old, true
	}
	bu, _, _ := safefile.Owner(fi)
	fu, _, _ := safefile.Owner(snap.info)
	return old, bu == fu
}
