package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Ledger is what ccc-hooks remembers about one file it wrote into, kept under
// <Home>/ledger/ (Claude Code strips unknown keys, so nothing can be marked inside the file):
// what the writes created there, so that uninstall removes exactly that and no more, and which
// hooks were installed when, so that doctor can tell when they vanished.
//
// A record knows its file by its path and by what the file is (device and inode, see
// FileStore.Record): a renamed project, a bind mount or a second path to the same file still
// finds it. Its path is kept byte for byte, also where it is not UTF-8 (see MarshalJSON).
type Ledger struct {
	Path string `json:"path"`
	// Dev and Ino identify the file as it was after the last write ccc-hooks made (0: unknown).
	Dev uint64 `json:"dev,omitempty"`
	Ino uint64 `json:"ino,omitempty"`
	// CreatedFile is true when the file did not exist before ccc-hooks wrote it.
	CreatedFile bool `json:"created_file,omitempty"`
	// Blank holds the bytes of a file that held only whitespace before ccc-hooks wrote it.
	Blank *string `json:"blank,omitempty"`
	// Containers maps the JSON containers on the hooks path ("" for the root, "hooks",
	// "hooks.<Event>") that a write filled: null when it created them, else their text when
	// they were empty before (such as "[]").
	Containers map[string]*string `json:"containers,omitempty"`
	// Dirs are the directories created for the file, outermost first.
	Dirs []string `json:"dirs,omitempty"`
	// Installs is what the program that writes the file keeps about the hooks it installed
	// there, as it gave it: the store keeps it and never reads it (see EditInstalls).
	Installs json.RawMessage `json:"installs,omitempty"`

	// moved is the path the record was kept under before its file was renamed to Path: the
	// next write of the record removes it there.
	moved string
}

// empty reports whether the record holds nothing worth keeping.
func (l *Ledger) empty() bool {
	return !l.CreatedFile && l.Blank == nil && len(l.Containers) == 0 && len(l.Dirs) == 0 && len(l.Installs) == 0
}

// Equal reports whether l and m hold the same record of what was written, as it is written
// down (the identity of the file aside: it changes with every replacement); two nil ledgers (no
// record) are equal.
func (l *Ledger) Equal(m *Ledger) bool {
	if l == nil || m == nil {
		return l == m
	}
	a, b := *l, *m
	a.Dev, a.Ino, b.Dev, b.Ino = 0, 0, 0, 0
	ja, errL := json.Marshal(&a)
	jb, errM := json.Marshal(&b)
	return errL == nil && errM == nil && bytes.Equal(ja, jb)
}

// ledgerJSON is a Ledger as stored: paths that are not UTF-8 (which JSON strings cannot hold:
// encoding/json would write U+FFFD) go, byte for byte, to path_bytes and dirs_bytes (base64).
type ledgerJSON struct {
	plainLedger
	PathBytes []byte   `json:"path_bytes,omitempty"`
	DirsBytes [][]byte `json:"dirs_bytes,omitempty"`
}

// plainLedger is Ledger without its JSON methods.
type plainLedger Ledger

// MarshalJSON writes l, paths that are not UTF-8 kept byte for byte.
func (l *Ledger) MarshalJSON() ([]byte, error) {
	out := ledgerJSON{plainLedger: plainLedger(*l)}
	if !utf8Valid(l.Path) {
		out.PathBytes = []byte(l.Path)
	}
	if slices.ContainsFunc(l.Dirs, func(d string) bool { return !utf8Valid(d) }) {
		for _, d := range l.Dirs {
			out.DirsBytes = append(out.DirsBytes, []byte(d))
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (l *Ledger) UnmarshalJSON(b []byte) error {
	var in ledgerJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*l = Ledger(in.plainLedger)
	if in.PathBytes != nil {
		l.Path = string(in.PathBytes)
	}
	if in.DirsBytes != nil {
		l.Dirs = make([]string, len(in.DirsBytes))
		for i, d := range in.DirsBytes {
			l.Dirs[i] = string(d)
		}
	}
	return nil
}

// ledgerDir is the ledger's directory in the home; a record is ledgerDir/<fileID>.json.
const ledgerDir = "ledger"

// maxRecord bounds what is read of one record.
const maxRecord = 16 << 20

// ledgerPath is the file holding the record of target.
func (s *FileStore) ledgerPath(target string) string {
	return filepath.Join(s.Home, ledgerDir, fileID(target)+".json")
}

// recordRel is the record of target relative to the home.
func recordRel(target string) string { return ledgerDir + "/" + fileID(target) + ".json" }

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
	b, err := json.MarshalIndent(l, "", "  ")
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
// the rest (containers that are gone or empty again, and what the file is now) once the write
// is done, and undo puts the previous record back should the write fail. A record that is not
// trusted (see Record) is not carried into the new one: the new one starts from this write.
func (s *FileStore) noteWrite(target string, existed bool, old, updated []byte, dirs []string) (finish, undo func(), err error) {
	rec, err := s.recordOf(target)
	if err != nil {
		return nil, nil, err
	}
	prev, had := rec.Ledger, rec.Ledger != nil && rec.Untrusted == ""
	// Each file is parsed once for both records, and not checked again: the change checked it.
	before, after := checkedStates(old), checkedStates(updated)
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
		}
		l.Containers = noteStates(l.Containers, before, after, forget)
		return l
	}
	if err := s.writeLedger(target, next(false)); err != nil {
		return nil, nil, err
	}
	finish = func() {
		l := next(true)
		if fi, err := os.Lstat(target); err == nil {
			l.Dev, l.Ino, _ = safefile.Identity(fi)
		}
		l.moved = ""
		_ = s.writeLedger(target, l)
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
	var b []byte
	if slices.ContainsFunc(dirs, func(d string) bool { return !utf8Valid(d) }) {
		raw := make([][]byte, len(dirs))
		for i, d := range dirs {
			raw[i] = []byte(d)
		}
		b, err = json.MarshalIndent(raw, "", "  ")
	} else {
		b, err = json.MarshalIndent(dirs, "", "  ")
	}
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
