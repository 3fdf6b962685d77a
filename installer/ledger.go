package installer

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// InstallNote is what the ledger of a settings file notes of one profile's hooks installed there
// (settings.Ledger.Installs: Claude Code strips unknown keys, so nothing can be marked inside the
// file). The notes tell a Stop-only supervisor beside the workflow apart, and let doctor tell
// when hooks vanished.
type InstallNote struct {
	Profile string    `json:"profile"`
	Events  []string  `json:"events"` // the events' labels, e.g. "Stop", "PreToolUse[AskUserQuestion]"
	At      time.Time `json:"at"`
	// Reinstall holds the arguments of `ccc-hooks install` that put these hooks back.
	Reinstall []string `json:"reinstall"`
}

// InstallNotes returns what l notes of the profiles installed in its file, the newest last: none
// for a nil ledger, or when its installs cannot be read.
func InstallNotes(l *settings.Ledger) []InstallNote {
	if l == nil {
		return nil
	}
	return decodeInstalls(l.Installs)
}

func decodeInstalls(raw json.RawMessage) []InstallNote {
	var recs []InstallNote
	if len(raw) == 0 || json.Unmarshal(raw, &recs) != nil {
		return nil
	}
	return recs
}

// encodeInstalls is the stored form of recs: nothing when there are none.
func encodeInstalls(recs []InstallNote) (json.RawMessage, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	return json.Marshal(recs)
}

// NoteInstall records rec in the ledger of the file at path, replacing an earlier record of
// the same profile.
func NoteInstall(st *settings.FileStore, path string, rec InstallNote) error {
	return editInstalls(st, path, func(recs []InstallNote) []InstallNote {
		recs = slices.DeleteFunc(recs, func(x InstallNote) bool { return x.Profile == rec.Profile })
		return append(recs, rec)
	})
}

// noteUninstall forgets the installation of profile in the ledger of the file at path.
func noteUninstall(st *settings.FileStore, path, profile string) error {
	return editInstalls(st, path, func(recs []InstallNote) []InstallNote {
		return slices.DeleteFunc(recs, func(x InstallNote) bool { return x.Profile == profile })
	})
}

func editInstalls(st *settings.FileStore, path string, edit func([]InstallNote) []InstallNote) error {
	return st.EditInstalls(path, func(raw json.RawMessage) (json.RawMessage, error) {
		return encodeInstalls(edit(decodeInstalls(raw)))
	})
}

// readLedger returns the ledger under ccc-hooks home of the settings file at path (nil: none).
func readLedger(home, path string) *settings.Ledger {
	return ledgerIn(&settings.FileStore{Home: home}, path)
}

// ledgerIn returns the ledger that st keeps of the file at path (nil: none).
func ledgerIn(st *settings.FileStore, path string) *settings.Ledger {
	l, _ := st.Ledger(path)
	return l
}
