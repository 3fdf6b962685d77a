package settings

import (
	"encoding/json"
	"errors"
	"io/fs"
	"unicode/utf8"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// legacyOrigin is the record older versions kept under <Home>/origins/ for a file that was
// missing or blank before they first wrote into it; the ledger replaced it.
type legacyOrigin struct {
	Path     string `json:"path"`
	Existed  bool   `json:"existed"`
	Original string `json:"original"`
}

// legacyLedger reads such a record of target as a ledger (nil: none), so that an uninstall after
// upgrading still removes a file an older version created, or gives back its blank bytes. Only a
// record ccc-hooks may act on is read (see safefile.Trusted); one that cannot be read is an
// error.
func (s *FileStore) legacyLedger(w *safefile.Within, target string) (*Ledger, error) {
	b, fi, err := w.ReadFile("origins/"+fileID(target), maxRecord)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, safefile.ErrLink):
		return nil, nil
	case err != nil:
		return nil, &UnreadableLedgerError{Path: w.Path("origins/" + fileID(target)), Err: err}
	case !safefile.Trusted(fi):
		return nil, nil
	}
	var o legacyOrigin
	if err := json.Unmarshal(b, &o); err != nil || o.Path != target || !isBlank([]byte(o.Original)) {
		return nil, nil //nolint:nilerr // not a record of this file that older versions wrote: none
	}
	l := &Ledger{Path: target, CreatedFile: !o.Existed}
	if o.Existed {
		l.Blank = &o.Original
	}
	return l, nil
}

// utf8Valid reports whether s is UTF-8 text, which a JSON string can hold as it is.
func utf8Valid(s string) bool { return utf8.ValidString(s) }
