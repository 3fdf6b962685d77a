package settings

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// legacyOrigin is the record older versions kept under <Home>/origins/ for a file that was
// missing or blank before they first wrote into it; the ledger replaced it.
type legacyOrigin struct {
	Path     string `json:"path"`
	Existed  bool   `json:"existed"`
	Original string `json:"original"`
}

// legacyLedger reads such a record of target as a ledger, so that an uninstall after upgrading
// still removes a file an older version created, or gives back its blank bytes.
func (s *FileStore) legacyLedger(target string) (*Ledger, bool) {
	b, err := os.ReadFile(filepath.Join(s.Home, "origins", fileID(target)))
	if err != nil {
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
