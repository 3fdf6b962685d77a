package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// origin is how a file looked before ccc-hooks first wrote into it, kept under
// <Home>/origins when that was nothing or only whitespace.
type origin struct {
	Path     string `json:"path"`
	Existed  bool   `json:"existed"`
	Original string `json:"original"` // "" when the file did not exist
}

// Origin reports how a file looked before ccc-hooks first wrote into it, when that was nothing
// (missing) or only whitespace: ok is false otherwise or when unknown.
//
// original holds the exact bytes the file had (nil when it did not exist). Update records the
// origin before it writes into a missing file (replacing any earlier record, which a missing
// file makes stale) or into a file holding only whitespace that has no record yet. The record
// is kept until Update removes the file, or writes a file that existed back to its original
// bytes. It is ignored (ok is false) while the file is missing.
func (s *FileStore) Origin(path string) (original []byte, existed bool, ok bool) {
	target, err := resolveTarget(path)
	if err != nil {
		return nil, false, false
	}
	if _, err := os.Stat(target); err != nil {
		return nil, false, false
	}
	o, ok := s.readOrigin(target)
	if !ok {
		return nil, false, false
	}
	if !o.Existed {
		return nil, false, true
	}
	return []byte(o.Original), true, true
}

// originPath is the file holding the origin record of target.
func (s *FileStore) originPath(target string) string {
	return filepath.Join(s.Home, "origins", fileID(target))
}

// readOrigin loads the record of target; ok is false when there is none or it does not hold
// a well-formed record of target.
func (s *FileStore) readOrigin(target string) (o origin, ok bool) {
	b, err := os.ReadFile(s.originPath(target))
	if err != nil || json.Unmarshal(b, &o) != nil {
		return origin{}, false
	}
	if o.Path != target || !isBlank([]byte(o.Original)) || !o.Existed && o.Original != "" {
		return origin{}, false
	}
	return o, true
}

// recordOrigin saves o as the record of o.Path.
func (s *FileStore) recordOrigin(o origin) error {
	p := s.originPath(o.Path)
	b, err := json.Marshal(o)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(p), 0o700)
	}
	if err == nil {
		err = safefile.WriteFileAtomic(p, append(b, '\n'), 0o600)
	}
	if err != nil {
		return fmt.Errorf("record the origin of %s: %w", o.Path, err)
	}
	return nil
}

// forgetOrigin drops the record of target.
func (s *FileStore) forgetOrigin(target string) error {
	if err := os.Remove(s.originPath(target)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("forget the origin of %s: %w", target, err)
	}
	return nil
}
