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
type Ledger struct {
	Path string `json:"path"`
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
}

// empty reports whether the record holds nothing worth keeping.
func (l *Ledger) empty() bool {
	return !l.CreatedFile && l.Blank == nil && len(l.Containers) == 0 && len(l.Dirs) == 0 && len(l.Installs) == 0
}

// Equal reports whether l and m hold the same record, as it is written down; two nil ledgers
// (no record) are equal.
func (l *Ledger) Equal(m *Ledger) bool {
	if l == nil || m == nil {
		return l == m
	}
	a, errL := json.Marshal(l)
	b, errM := json.Marshal(m)
	return errL == nil && errM == nil && bytes.Equal(a, b)
}

// ledgerPath is the file holding the record of target.
func (s *FileStore) ledgerPath(target string) string {
	return filepath.Join(s.Home, "ledger", fileID(target)+".json")
}

// Ledger returns the record of the file at path (symlinks resolved); ok is false when there is
// none, when it is unreadable, or when the file is missing.
func (s *FileStore) Ledger(path string) (l *Ledger, ok bool) {
	target, err := safefile.Resolve(path)
	if err != nil {
		return nil, false
	}
	return s.ledgerOf(target)
}

// ledgerOf is Ledger for a resolved target.
func (s *FileStore) ledgerOf(target string) (*Ledger, bool) {
	if _, err := os.Lstat(target); err != nil {
		return nil, false
	}
	if l, ok := s.readLedger(target); ok {
		return l, true
	}
	return s.legacyLedger(target)
}

// Ledgers returns every record under <Home>/ledger, for diagnostics.
func (s *FileStore) Ledgers() []*Ledger {
	ents, err := os.ReadDir(filepath.Join(s.Home, "ledger"))
	if err != nil {
		return nil
	}
	var out []*Ledger
	for _, e := range ents {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".json") || e.Name() == "dirs.json" {
			continue
		}
		var l Ledger
		b, err := os.ReadFile(filepath.Join(s.Home, "ledger", e.Name()))
		if err == nil && json.Unmarshal(b, &l) == nil && l.Path != "" {
			out = append(out, &l)
		}
	}
	return out
}

// readLedger loads the record of target.
func (s *FileStore) readLedger(target string) (*Ledger, bool) {
	b, err := os.ReadFile(s.ledgerPath(target))
	if err != nil {
		return nil, false
	}
	var l Ledger
	if json.Unmarshal(b, &l) != nil || l.Path != target {
		return nil, false
	}
	return &l, true
}

// writeLedger saves l, or removes the record when l holds nothing.
func (s *FileStore) writeLedger(target string, l *Ledger) error {
	p := s.ledgerPath(target)
	_ = os.Remove(filepath.Join(s.Home, "origins", fileID(target))) // superseded (ledger_compat.go)
	if l == nil || l.empty() {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("update the ledger %s: %w", p, err)
		}
		return nil
	}
	b, err := json.MarshalIndent(l, "", "  ")
	if err == nil {
		_, err = safefile.MkdirAll(filepath.Dir(p), 0o700)
	}
	if err == nil {
		err = safefile.WriteFileAtomic(p, append(b, '\n'), 0o600)
	}
	if err != nil {
		return fmt.Errorf("update the ledger %s: %w", p, err)
	}
	return nil
}

// noteWrite records, before target is written, what writing new over old creates there
// (existed tells whether old was a file). Only additions are written then, so that a run
// killed before the write leaves a record that still covers the file as it is; finish records
// the rest (containers that are gone or empty again) once the write is done, and undo puts the
// previous record back should the write fail.
func (s *FileStore) noteWrite(target string, existed bool, old, updated []byte, dirs []string) (finish, undo func(), err error) {
	prev, had := s.readLedger(target)
	if !had {
		prev, had = s.legacyLedger(target)
	}
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
	finish = func() { _ = s.writeLedger(target, next(true)) }
	undo = func() { _ = s.writeLedger(target, prev) }
	return finish, undo, nil
}

// forgetFile drops the record of a file that was removed, and removes the directories created
// for it once they are empty (innermost first). A directory still in use (commands/ beside a
// settings file, say) is remembered in <Home>/ledger/dirs.json and removed by a later removal
// once empty.
func (s *FileStore) forgetFile(target string) error {
	l, ok := s.readLedger(target)
	if !ok {
		l = &Ledger{}
	}
	pending := append(s.pendingDirs(), l.Dirs...)
	slices.SortFunc(pending, func(a, b string) int { return len(b) - len(a) }) // deepest first
	var keep []string
	for _, d := range slices.Compact(pending) {
		err := os.Remove(d)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			keep = append(keep, d) // not empty yet
		}
	}
	if err := s.savePendingDirs(keep); err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return s.writeLedger(target, nil)
}

// pendingDirsPath holds the directories ccc-hooks created that were not empty when the file
// they were made for was removed.
func (s *FileStore) pendingDirsPath() string { return filepath.Join(s.Home, "ledger", "dirs.json") }

func (s *FileStore) pendingDirs() []string {
	var dirs []string
	if b, err := os.ReadFile(s.pendingDirsPath()); err == nil {
		_ = json.Unmarshal(b, &dirs)
	}
	return dirs
}

func (s *FileStore) savePendingDirs(dirs []string) error {
	p := s.pendingDirsPath()
	if len(dirs) == 0 {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("update the ledger %s: %w", p, err)
		}
		return nil
	}
	b, _ := json.MarshalIndent(dirs, "", "  ")
	if _, err := safefile.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("update the ledger %s: %w", p, err)
	}
	if err := safefile.WriteFileAtomic(p, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("update the ledger %s: %w", p, err)
	}
	return nil
}

// EditInstalls replaces the installs kept in the ledger of the file at path with what edit makes
// of them, under the store's lock (nil: none). The ledger goes once it holds nothing.
func (s *FileStore) EditInstalls(path string, edit func(json.RawMessage) (json.RawMessage, error)) error {
	return s.locked(path, func(target string) error {
		l, ok := s.readLedger(target)
		if !ok {
			l = &Ledger{Path: target}
		}
		installs, err := edit(l.Installs)
		if err != nil {
			return err
		}
		l.Installs = installs
		return s.writeLedger(target, l)
	})
}
