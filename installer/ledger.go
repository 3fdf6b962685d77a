package installer

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// Ledger is what ccc-hooks home keeps of one settings file (Claude Code strips unknown keys, so
// nothing can be marked inside the file): what the writes created there, so that uninstall
// takes out exactly that (settings' part), and which profiles were installed when, so that a
// Stop-only supervisor beside the workflow is known and doctor can tell when hooks vanished.
type Ledger struct {
	// Writes is what the writes created in the file (never nil).
	Writes *settings.Ledger
	// Installs are the profiles installed into the file, one record each, the newest last.
	Installs []Record
}

// Record is one profile's hooks installed into a settings file.
type Record struct {
	Profile string    `json:"profile"`
	Events  []string  `json:"events"` // the events' labels, e.g. "Stop", "PreToolUse[AskUserQuestion]"
	At      time.Time `json:"at"`
	// Reinstall holds the arguments of `ccc-hooks install` that put these hooks back.
	Reinstall []string `json:"reinstall"`
}

// LedgerOf reads the installs out of the settings ledger w (nil: no ledger, and nil returned).
// Installs that cannot be read count as none.
func LedgerOf(w *settings.Ledger) *Ledger {
	if w == nil {
		return nil
	}
	return &Ledger{Writes: w, Installs: decodeRecords(w.Record)}
}

// writes returns the settings part of l, nil when there is no ledger.
func (l *Ledger) writes() *settings.Ledger {
	if l == nil {
		return nil
	}
	return l.Writes
}

// Equal reports whether l and m hold the same (two nil ledgers are equal).
func (l *Ledger) Equal(m *Ledger) bool { return l.writes().Equal(m.writes()) }

func decodeRecords(raw json.RawMessage) []Record {
	var recs []Record
	if len(raw) == 0 || json.Unmarshal(raw, &recs) != nil {
		return nil
	}
	return recs
}

// encodeRecords is the stored form of recs: nothing when there are none.
func encodeRecords(recs []Record) (json.RawMessage, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	return json.Marshal(recs)
}

// NoteInstall records rec in the ledger of the file at path, replacing an earlier record of
// the same profile.
func NoteInstall(st *settings.FileStore, path string, rec Record) error {
	return editRecords(st, path, func(recs []Record) []Record {
		recs = slices.DeleteFunc(recs, func(x Record) bool { return x.Profile == rec.Profile })
		return append(recs, rec)
	})
}

// noteUninstall forgets the installation of profile in the ledger of the file at path.
func noteUninstall(st *settings.FileStore, path, profile string) error {
	return editRecords(st, path, func(recs []Record) []Record {
		return slices.DeleteFunc(recs, func(x Record) bool { return x.Profile == profile })
	})
}

func editRecords(st *settings.FileStore, path string, edit func([]Record) []Record) error {
	return st.EditRecord(path, func(raw json.RawMessage) (json.RawMessage, error) {
		return encodeRecords(edit(decodeRecords(raw)))
	})
}

// Ledgers returns every ledger under ccc-hooks home, for diagnostics.
func Ledgers(home string) []*Ledger {
	var out []*Ledger
	for _, w := range (&settings.FileStore{Home: home}).Ledgers() {
		out = append(out, LedgerOf(w))
	}
	return out
}

// ReadLedger returns the ledger under ccc-hooks home of the settings file at path (nil: none).
func ReadLedger(home, path string) *Ledger {
	return ledgerIn(&settings.FileStore{Home: home}, path)
}

// ledgerIn returns the ledger that st keeps of the file at path (nil: none).
func ledgerIn(st *settings.FileStore, path string) *Ledger {
	w, _ := st.Ledger(path)
	return LedgerOf(w)
}
