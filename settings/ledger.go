package settings

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"

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
	// Dev and Ino identify the file as it was after the last write ccc-hooks made (0: unknown),
	// and Sum its bytes then (the hex SHA-256; "": unknown).
	Dev uint64 `json:"dev,omitempty"`
	Ino uint64 `json:"ino,omitempty"`
	Sum string `json:"sum,omitempty"`
	// CreatedFile is true when the file did not exist before ccc-hooks wrote it.
	CreatedFile bool `json:"created_file,omitempty"`
	// Blank holds the bytes of a file that held only whitespace before ccc-hooks wrote it.
	Blank *string `json:"blank,omitempty"`
	// Containers maps the JSON containers on the hooks path ("" for the root, "hooks",
	// "hooks.<Event>") that a write filled: null when it created them, else their text when
	// they were empty before (such as "[]").
	Containers map[string]*string `json:"containers,omitempty"`
	// Filled are those of Containers that held only entries of ccc-hooks this record did not
	// know of when a write found them (another ccc-hooks home's install, say): recorded as
	// created, so that they go with our entries, though whether they were there before that
	// install is not known.
	Filled []string `json:"filled,omitempty"`
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
	return !l.CreatedFile && l.Blank == nil && len(l.Containers) == 0 && len(l.Dirs) == 0 && len(l.Installs) == 0 && len(l.Filled) == 0
}

// fresh returns l as it holds for target, whose bytes are data: what it says of the file before
// ccc-hooks first wrote it (CreatedFile, Blank) stands only while the file is the one ccc-hooks
// last wrote — the same file, holding the same bytes. Once another program or a person wrote it
// over (an empty {} written by hand after an uninstall gave the blank file back, say), giving
// those bytes back, or removing the file, would lose what they wrote: the copy returned says
// neither.
func (l *Ledger) fresh(target string, data []byte) *Ledger {
	if l == nil || l.Blank == nil && !l.CreatedFile {
		return l
	}
	same := l.Sum == "" || l.Sum == sum(data)
	if fi, err := os.Lstat(target); err == nil && l.Dev != 0 {
		dev, ino, _ := safefile.Identity(fi)
		same = same && dev == l.Dev && ino == l.Ino
	}
	if same {
		return l
	}
	cp := *l
	cp.Blank, cp.CreatedFile = nil, false
	return &cp
}

// sum is the hex SHA-256 of data, as Ledger.Sum holds it.
func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Equal reports whether l and m hold the same record of what was written, as it is written
// down (the identity of the file aside: it changes with every replacement); two nil ledgers (no
// record) are equal.
func (l *Ledger) Equal(m *Ledger) bool {
	if l == nil || m == nil {
		return l == m
	}
	a, b := *l, *m
	a.Dev, a.Ino, a.Sum, b.Dev, b.Ino, b.Sum = 0, 0, "", 0, 0, ""
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
