package settings

import (
	"encoding/json"
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

// legacyLedger reads such a record of target as a ledger, so that an uninstall after upgrading
// still removes a file an older version created, or gives back its blank bytes. Only a record
// ccc-hooks may act on is read (see safefile.Trusted).
func (s *FileStore) legacyLedger(w *safefile.Within, target string) (*Ledger, bool) {
	b, fi, err := w.ReadFile("origins/"+fileID(target), maxRecord)
	if err != nil || !safefile.Trusted(fi) {
		return nil, false
	}
	var o legacyOrigin
	if json.Unmarshal(b, &o) != nil || o.Path != target || !isBlank([]byte(o.Original)) {
		return nil, false
	}
	l := &Ledger{Path: target, CreatedFile: !o.Existed}
	if o.Existed {
		l.Blank = &o.Original
	}
	return l, true
}

// utf8Valid reports whether s is UTF-8 text, which a JSON string can hold as it is.
func utf8Valid(s string) bool { return utf8.ValidString(s) }
