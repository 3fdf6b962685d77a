package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Ledger returns the record of the file at path (symlinks resolved) that ccc-hooks acts on; ok
// is false when there is none, when it cannot be read, when it is not trusted (see Record), or
// when the file is missing.
func (s *FileStore) Ledger(path string) (l *Ledger, ok bool) {
	r, err := s.Record(path)
	if err != nil || r.Ledger == nil || r.Untrusted != "" {
		return nil, false
	}
	return r.Ledger, true
}

// Ledgers returns every record under <Home>/ledger that names a file, for diagnostics, and what
// could not be read there (an unreadable or unparsable record, a link in a record's place).
func (s *FileStore) Ledgers() ([]*Ledger, []error) {
	w, err := safefile.OpenWithin(s.Home, false)
	if err != nil {
		return nil, nil
	}
	defer w.Close()
	ents, err := w.ReadDir(ledgerDir)
	if err != nil {
		return nil, []error{err}
	}
	var out []*Ledger
	var problems []error
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") || name == pendingDirsName || strings.HasPrefix(name, ".") || e.IsDir() {
			continue
		}
		rec, err := readRecord(w, ledgerDir+"/"+name)
		switch {
		case err != nil:
			problems = append(problems, err)
		case rec.Ledger != nil && rec.Ledger.Path != "" && rec.Untrusted == "":
			out = append(out, rec.Ledger)
		}
	}
	return out, problems
}

// Record is what ccc-hooks home records of one settings file, as FileStore.Record finds it.
type Record struct {
	// Ledger is the record; nil when there is none.
	Ledger *Ledger
	// Untrusted says why the record is not acted on ("" when it is): ccc-hooks acts only on a
	// record owned by the user running it, or by root, reached with no link in its place (see
	// safefile.Trusted). Root working in another user's home reads that user's records as
	// theirs to write.
	Untrusted string
	// Via is set when the record was found by what the file is rather than by its path: the path
	// the record was kept under (the file's path before a rename, or another path to it).
	Via string
}

// UnreadableLedgerError is a record that exists but cannot be read or understood. It is never
// taken for "no record" (uninstall would then not be exact) nor written over (the record
// would be lost): the command stops and names it.
type UnreadableLedgerError struct {
	Path string
	Err  error
	// Invalid is set when the file was read but is not a record (invalid JSON, wrong types).
	Invalid bool
}

func (e *UnreadableLedgerError) Error() string {
	return fmt.Sprintf("the ledger %s cannot be read (%v): it records what install created, so that uninstall takes out exactly that; "+
		"repair it, or move it away to go on without it", e.Path, e.Err)
}

func (e *UnreadableLedgerError) Unwrap() error { return e.Err }

// Record returns the record of the file at path (symlinks resolved): by its path first, else
// by what the file is (its device and inode, as the last write recorded them), which finds the
// record of a renamed project, of a file reached through a bind mount or another path, and of
// a path that is not UTF-8. A record that exists but cannot be read is an
// *UnreadableLedgerError. A missing file has no record.
func (s *FileStore) Record(path string) (Record, error) {
	target, err := safefile.Resolve(path)
	if err != nil {
		return Record{}, err
	}
	return s.recordOf(target)
}

// recordOf is Record for a resolved target.
func (s *FileStore) recordOf(target string) (Record, error) {
	fi, err := os.Lstat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return Record{}, nil // a missing file has no record
	}
	if err != nil {
		return Record{}, fmt.Errorf("read %s: %w", target, err)
	}
	w, err := openHome(s.Home)
	if w == nil {
		return Record{}, err // no home, no records; or one that cannot be read
	}
	defer w.Close()
	rec, err := readRecord(w, recordRel(target))
	if err != nil {
		return Record{}, err
	}
	if rec.Ledger != nil {
		if rec.Ledger.Path != target {
			return Record{}, &UnreadableLedgerError{Path: w.Path(recordRel(target)), Err: fmt.Errorf("it holds the record of %q", rec.Ledger.Path)}
		}
		return rec, nil
	}
	if rec, err := s.recordByIdentity(w, target, fi); err != nil || rec.Ledger != nil {
		return rec, err
	}
	l, err := s.legacyLedger(w, target)
	if err != nil || l == nil {
		return Record{}, err
	}
	return Record{Ledger: l}, nil
}

// openHome opens ccc-hooks home for reading its records: nil and no error when it is missing.
func openHome(home string) (*safefile.Within, error) {
	w, err := safefile.OpenWithin(home, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &UnreadableLedgerError{Path: home, Err: err}
	}
	return w, nil
}

// readRecord reads the record at rel: none when missing; untrusted when another user owns it
// or a link stands in its place; an *UnreadableLedgerError when it cannot be read or parsed.
func readRecord(w *safefile.Within, rel string) (Record, error) {
	data, fi, err := w.ReadFile(rel, maxRecord)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return Record{}, nil
	case errors.Is(err, safefile.ErrLink):
		return Record{Ledger: &Ledger{}, Untrusted: "a symbolic link stands in its place in the ledger"}, nil
	case err != nil:
		return Record{}, &UnreadableLedgerError{Path: w.Path(rel), Err: err}
	}
	var l Ledger
	if err := json.Unmarshal(data, &l); err != nil {
		return Record{}, &UnreadableLedgerError{Path: w.Path(rel), Err: fmt.Errorf("invalid JSON: %w", err), Invalid: true}
	}
	rec := Record{Ledger: &l}
	if !safefile.Trusted(fi) {
		uid, _, _ := safefile.Owner(fi)
		rec.Untrusted = fmt.Sprintf("its record %s belongs to uid %d, neither you (uid %d) nor root, and ccc-hooks acts on no record another user could have written",
			w.Path(rel), uid, os.Geteuid())
	}
	return rec, nil
}

// recordByIdentity looks through the trusted records for one whose file is target's (fi): same
// device and inode. When the path it names leads to that file still, the same file has two
// paths (a bind mount, a second config home) and the record is used as it is; otherwise the
// file was renamed, and the record is moved onto target (its path, and the directories created
// for it, the same number of levels above it), where its next write keeps it. A record whose
// JSON is broken is passed over (it is said when its own file is used, and by doctor); one
// that cannot be read is an error: it might be this file's.
func (s *FileStore) recordByIdentity(w *safefile.Within, target string, fi os.FileInfo) (Record, error) {
	dev, ino, ok := safefile.Identity(fi)
	if !ok {
		return Record{}, nil
	}
	ents, err := w.ReadDir(ledgerDir)
	if err != nil {
		return Record{}, &UnreadableLedgerError{Path: w.Path(ledgerDir), Err: err}
	}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") || name == pendingDirsName || strings.HasPrefix(name, ".") {
			continue
		}
		rec, err := readRecord(w, ledgerDir+"/"+name)
		var bad *UnreadableLedgerError
		if err != nil && (!errors.As(err, &bad) || !bad.Invalid) {
			return Record{}, err
		}
		l := rec.Ledger
		if err != nil || l == nil || rec.Untrusted != "" || l.Dev != dev || l.Ino != ino || l.Path == "" || l.Path == target {
			continue
		}
		old, err := os.Stat(l.Path)
		switch {
		case err == nil:
			if d, i, ok := safefile.Identity(old); ok && d == dev && i == ino {
				return Record{Ledger: l, Via: l.Path}, nil
			}
			continue // another file has that path now: the record is its
		case !errors.Is(err, fs.ErrNotExist):
			return Record{}, fmt.Errorf("read %s: %w", l.Path, err)
		}
		moved := *l
		moved.moved, moved.Path = l.Path, target
		moved.Dirs = rebase(l.Dirs, l.Path, target)
		return Record{Ledger: &moved, Via: l.Path}, nil
	}
	return Record{}, nil
}

// rebase moves dirs, directories created above the file from, to the same levels above to.
func rebase(dirs []string, from, to string) []string {
	var out []string
	for _, d := range dirs {
		up, p := 0, from
		for p != d && filepath.Dir(p) != p {
			p, up = filepath.Dir(p), up+1
		}
		if p != d {
			continue // not above the file: nothing of it follows the rename
		}
		q := to
		for range up {
			q = filepath.Dir(q)
		}
		out = append(out, q)
	}
	return out
}
