package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
	journal := filepath.Join(s.BackupDir(c.Target), journalName)
	if err := safefile.WriteFileAtomic(journal, c.New, 0o600); err != nil {
		undo()
		return c, false, fmt.Errorf("write %s in place (%s): keep its new bytes in %s first: %w", c.Target, reason, journal, err)
	}
	err = safefile.WriteInPlace(c.Target, c.New, snap.info)
	var cannot *safefile.CannotCarryError
	switch {
	case errors.Is(err, safefile.ErrTargetChanged):
		_ = os.Remove(journal)
		undo()
		return c, false, nil
	case errors.As(err, &cannot):
		_ = os.Remove(journal)
		undo()
		return c, false, fmt.Errorf("write %s: %s, and %s", c.Target, reason, cannot.Reason)
	}
	if err != nil {
		undo()
		return c, false, s.putBack(c.Target, snap, journal, reason, err)
	}
	_ = os.Remove(journal)
	finish()
	return c, holds(c.Target, c.New) && leadsTo(c.Path, c.Target), nil
}

// journalName is the journal of a write in place, in the file's backup directory: the bytes
// being written. Its name starts with a dot, so it is never listed as a backup.
const journalName = ".in-place"

// putBack puts snap's bytes back into target after a write in place failed (werr), and says in
// the error what the file holds then.
func (s *FileStore) putBack(target string, snap *snapshot, journal, reason string, werr error) error {
	var ie *safefile.InPlaceError
	if errors.As(werr, &ie) && !ie.Written {
		_ = os.Remove(journal)
		return fmt.Errorf("%w (%s)", werr, reason)
	}
	if err := safefile.WriteInPlace(target, snap.data, snap.info); err != nil {
		return &HalfWrittenError{Path: target, Backup: s.newestBackup(target), Err: werr}
	}
	_ = os.Remove(journal)
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
func (s *FileStore) finishInPlace(target string) error {
	if fi, err := os.Stat(s.BackupDir(target)); err != nil || !fi.IsDir() {
		return nil //nolint:nilerr // no backup directory, no journal in it: the write that needs one says why
	}
	journal := filepath.Join(s.BackupDir(target), journalName)
	updated, err := os.ReadFile(journal)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s, the journal of a write of %s in place: %w", journal, target, err)
	}
	if backup := s.newestBackup(target); backup != "" {
		old, errOld := os.ReadFile(backup)
		snap, errCur := readSnapshot(target)
		if errOld == nil && errCur == nil && snap.exists && safefile.Torn(snap.data, old, updated) {
			err := safefile.WriteInPlace(target, old, snap.info)
			snap.close()
			if err != nil {
				return fmt.Errorf("put back %s, half written by a ccc-hooks that was stopped, from %s: %w", target, backup, err)
			}
		} else if errCur == nil {
			snap.close()
		}
	}
	if err := os.Remove(journal); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", journal, err)
	}
	return nil
}
