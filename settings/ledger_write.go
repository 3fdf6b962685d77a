package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// writeLedger saves l as the record of its file (l.Path), or removes the record when l holds
// nothing. It is written by whoever runs ccc-hooks, and readable by all (it holds paths and
// empty containers, nothing of a file's settings): root's records in a user's home are trusted
// by the user's runs, and a user's never by root's (see safefile.Trusted). Where the record was
// found under a path its file had before a rename, that one goes.
func (s *FileStore) writeLedger(target string, l *Ledger) error {
	w, err := safefile.OpenWithin(s.Home, true)
	if err != nil {
		return fmt.Errorf("update the ledger %s: %w", s.ledgerPath(target), err)
	}
	defer w.Close()
	_ = w.Remove("origins/" + fileID(target)) // superseded (ledger_compat.go)
	if l != nil && l.moved != "" {
		if err := w.Remove(recordRel(l.moved)); err != nil {
			return fmt.Errorf("update the ledger: %w", err)
		}
	}
	rel := recordRel(target)
	if l != nil && l.Path != "" {
		rel = recordRel(l.Path)
	}
	if l == nil || l.empty() {
		if err := w.Remove(rel); err != nil {
			return fmt.Errorf("update the ledger: %w", err)
		}
		return nil
	}
	return writeRecord(w, rel, l)
}

// writeRecord writes v as the indented JSON of the record rel under the ledger's folder of w.
func writeRecord(w *safefile.Within, rel string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err == nil {
		err = w.MkdirAll(ledgerDir, 0o700)
	}
	if err == nil {
		err = w.WriteFile(rel, append(b, '\n'), 0o644, safefile.Writer, safefile.Writer)
	}
	if err != nil {
		return fmt.Errorf("update the ledger %s: %w", w.Path(rel), err)
	}
	return nil
}

// noteWrite records, before target is written, what writing new over old creates there
// (existed tells whether old was a file). Only additions are written then, so that a run
// killed before the write leaves a record that still covers the file as it is; finish records
// the rest (an error then leaves the record of before the write, which still covers the file) (containers that are gone or empty again, and what the file is now) once the write
// is done, and undo puts the previous record back should the write fail. A record that is not
// trusted (see Record) is not carried into the new one: the new one starts from this write.
func (s *FileStore) noteWrite(target string, existed bool, old, updated []byte, dirs []string) (finish func() error, undo func(), err error) {
	rec, err := s.recordOf(target)
	if err != nil {
		return nil, nil, err
	}
	prev, had := rec.Ledger.fresh(target, old), rec.Ledger != nil && rec.Untrusted == ""
	// Each file is parsed once for both records, and not checked again: the change checked it.
	before, after := checkedStates(old), checkedStates(updated)
	var filled map[string]bool // containers old holds only entries of ccc-hooks in
	if s.Ours != nil {
		filled = oursOnly(old, s.Ours)
	}
	next := func(forget bool) *Ledger {
		l := &Ledger{Path: target}
		if had {
			cp := *prev
			cp.Containers = maps.Clone(prev.Containers)
			l = &cp
		}
		switch {
		case !existed:
			// Directories recorded for the file before (by a run killed before it wrote the
			// file, say) stay recorded.
			l.CreatedFile, l.Blank, l.Containers = true, nil, nil
			l.Dirs = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(l.Dirs), dirs...))))
		case isBlank(cutBOM(old)):
			// Whatever was recorded before, the file now starts again from these bytes.
			b := string(old)
			l.CreatedFile, l.Blank, l.Containers = false, &b, nil
		case l.Blank != nil && string(updated) == *l.Blank:
			// The blank bytes given back: the record has done its work.
			l.Blank, l.Containers = nil, nil
		}
		l.Containers = noteStates(l.Containers, before, after, forget)
		// A container holding only entries of ccc-hooks that this record does not list was
		// filled by an install this record knows nothing of (from another ccc-hooks home, say):
		// it goes with our entries, as one install created would.
		for p := range filled {
			a, there := after[p]
			if _, listed := l.Containers[p]; !listed && there && !a.empty {
				if l.Containers == nil {
					l.Containers = map[string]*string{}
				}
				l.Containers[p] = nil
				l.Filled = append(l.Filled, p)
			}
		}
		l.Filled = slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(l.Filled))), func(p string) bool {
			_, listed := l.Containers[p]
			return !listed
		})
		return l
	}
	if err := s.writeLedger(target, next(false)); err != nil {
		return nil, nil, err
	}
	finish = func() error {
		l := next(true)
		if fi, err := os.Lstat(target); err == nil {
			l.Dev, l.Ino, _ = safefile.Identity(fi)
		}
		l.Sum = sum(updated)
		l.moved = ""
		return s.writeLedger(target, l)
	}
	undo = func() {
		if had {
			_ = s.writeLedger(target, prev)
		} else {
			_ = s.writeLedger(target, nil)
		}
	}
	return finish, undo, nil
}

// recordAt reads the record kept under target's own path, whether or not the file is there.
func (s *FileStore) recordAt(target string) (Record, error) {
	w, err := openHome(s.Home)
	if w == nil {
		return Record{}, err
	}
	defer w.Close()
	rec, err := readRecord(w, recordRel(target))
	if err == nil && rec.Ledger != nil && rec.Ledger.Path != target {
		return Record{}, nil // another file's: not this one's to act on
	}
	return rec, err
}

// forgetFile drops the record of a file that was removed, and removes the directories created
// for it once they are empty (innermost first). A directory still in use (commands/ beside a
// settings file, say) is remembered in <Home>/ledger/dirs.json and removed by a later removal
// once empty. Nothing is removed on the strength of a record that is not trusted.
func (s *FileStore) forgetFile(target string) error {
	rec, err := s.recordAt(target)
	if err != nil {
		return err
	}
	return s.forget(rec)
}

// forget is forgetFile given the record of the file, found before it was removed (by what the
// file was, too: see Record).
func (s *FileStore) forget(rec Record) error {
	if rec.Untrusted != "" {
		return nil
	}
	l := rec.Ledger
	if l == nil {
		l = &Ledger{}
	}
	pending, err := s.pendingDirs()
	if err != nil {
		return err
	}
	pending = append(pending, l.Dirs...)
	slices.SortFunc(pending, func(a, b string) int { return len(b) - len(a) }) // deepest first
	var keep []string
	for _, d := range slices.Compact(pending) {
		err := os.Remove(d)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			keep = append(keep, d) // not empty yet
		}
	}
	if err := s.savePendingDirs(keep); err != nil {
		return err
	}
	if rec.Ledger == nil {
		return nil
	}
	if l.moved != "" {
		if err := s.writeLedger(l.moved, nil); err != nil {
			return err
		}
	}
	return s.writeLedger(l.Path, nil)
}

// pendingDirsName holds, in the ledger's directory, the directories ccc-hooks created that were
// not empty when the file they were made for was removed.
const pendingDirsName = "dirs.json"

// pendingDirs reads the directories waiting to be removed: none where the file is missing, or
// is not trusted (root acts on no list another user could have written).
func (s *FileStore) pendingDirs() ([]string, error) {
	w, err := openHome(s.Home)
	if w == nil {
		return nil, err
	}
	defer w.Close()
	b, fi, err := w.ReadFile(ledgerDir+"/"+pendingDirsName, maxRecord)
	switch {
	case errors.Is(err, os.ErrNotExist), errors.Is(err, safefile.ErrLink):
		return nil, nil
	case err != nil:
		return nil, &UnreadableLedgerError{Path: w.Path(ledgerDir + "/" + pendingDirsName), Err: err}
	case !safefile.Trusted(fi):
		return nil, nil
	}
	var dirs []string
	if err := json.Unmarshal(b, &dirs); err != nil {
		var raw [][]byte // written as bytes where a path is not UTF-8
		if json.Unmarshal(b, &raw) != nil {
			return nil, &UnreadableLedgerError{Path: w.Path(ledgerDir + "/" + pendingDirsName), Err: err}
		}
		for _, d := range raw {
			dirs = append(dirs, string(d))
		}
	}
	return dirs, nil
}

// savePendingDirs writes dirs as the directories waiting to be removed. A list another user
// owns (root in a user's home) is left as it is: it is theirs.
func (s *FileStore) savePendingDirs(dirs []string) error {
	w, err := safefile.OpenWithin(s.Home, len(dirs) > 0)
	if err != nil {
		if len(dirs) == 0 {
			return nil
		}
		return fmt.Errorf("update the ledger: %w", err)
	}
	defer w.Close()
	rel := ledgerDir + "/" + pendingDirsName
	if _, fi, err := w.ReadFile(rel, maxRecord); err == nil && !safefile.Trusted(fi) {
		return nil
	}
	if len(dirs) == 0 {
		if err := w.Remove(rel); err != nil {
			return fmt.Errorf("update the ledger: %w", err)
		}
		return nil
	}
	if slices.ContainsFunc(dirs, func(d string) bool { return !utf8Valid(d) }) {
		raw := make([][]byte, len(dirs))
		for i, d := range dirs {
			raw[i] = []byte(d)
		}
		return writeRecord(w, rel, raw)
	}
	return writeRecord(w, rel, dirs)
}

// EditInstalls replaces the installs kept in the ledger of the file at path with what edit makes
// of them, under the store's lock (nil: none). The ledger goes once it holds nothing. A record
// that cannot be read is an error, and stays as it is; one that is not trusted is started anew.
func (s *FileStore) EditInstalls(path string, edit func(json.RawMessage) (json.RawMessage, error)) error {
	return s.locked(path, func(target string) error {
		rec, err := s.recordOf(target)
		if err != nil {
			return err
		}
		l := &Ledger{Path: target}
		if rec.Ledger != nil && rec.Untrusted == "" {
			l = rec.Ledger
		}
		installs, err := edit(l.Installs)
		if err != nil {
			return err
		}
		l.Installs = installs
		if fi, err := os.Lstat(target); err == nil {
			l.Dev, l.Ino, _ = safefile.Identity(fi)
		}
		return s.writeLedger(target, l)
	})
}
