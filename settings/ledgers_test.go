//go:build unix

package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestLedgersListsOnlyRecords: the records doctor looks through are the regular *.json files of
// <Home>/ledger that decode and name a file; the pending-directories file, other files,
// pathless JSON and a directory are skipped; broken JSON and a FIFO (never opened: it would
// block) are problems that name them.
func TestLedgersListsOnlyRecords(t *testing.T) {
	s := &FileStore{Home: t.TempDir()}
	dir := filepath.Join(s.Home, "ledger")
	if err := os.MkdirAll(filepath.Join(dir, "sub.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"a-1.json":    `{"path":"/home/u/.claude/settings.json","created_file":true}`,
		"b-2.json":    `{"path":"/p/.claude/settings.local.json","installs":[{"profile":"supervisor","events":["Stop"],"at":"2026-11-20T09:00:00Z","reinstall":["install"]}]}`,
		"dirs.json":   `{"path":"/not/a/record"}`,
		"note.txt":    `{"path":"/not/json/suffix"}`,
		"broken.json": `{"path":`,
		"nopath.json": `{"created_file":true}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	listed := make(chan []*Ledger, 1)
	var problems []error
	go func() {
		ls, errs := s.Ledgers()
		problems = errs
		listed <- ls
	}()
	var got []string
	select {
	case ls := <-listed:
		for _, l := range ls {
			got = append(got, l.Path)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Ledgers still blocked after 10s (opened the FIFO?)")
	}
	want := []string{"/home/u/.claude/settings.json", "/p/.claude/settings.local.json"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Ledgers (-want +got):\n%s", diff)
	}
	// What cannot be read is said, naming it: the broken JSON and the FIFO.
	var named []string
	for _, err := range problems {
		var u *UnreadableLedgerError
		if errors.As(err, &u) {
			named = append(named, filepath.Base(u.Path))
		}
	}
	slices.Sort(named)
	if diff := cmp.Diff([]string{"broken.json", "fifo.json"}, named); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if l, errs := (&FileStore{Home: filepath.Join(s.Home, "missing")}).Ledgers(); l != nil || errs != nil {
		t.Errorf("no ledger directory: %v, %v", l, errs)
	}
}

// TestEditInstallsKeepsWhatItIsGiven: the record is stored as given and handed back to the next
// edit, a path through a symbolic link records the file it points at, and a ledger left with
// nothing in it goes.
func TestEditInstallsKeepsWhatItIsGiven(t *testing.T) {
	s := &FileStore{Home: t.TempDir()}
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("settings.json", link); err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, rec := range []string{`[1]`, `[1,2]`} {
		err := s.EditInstalls(link, func(old json.RawMessage) (json.RawMessage, error) {
			var compact bytes.Buffer
			_ = json.Compact(&compact, old)
			seen = append(seen, compact.String())
			return json.RawMessage(rec), nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff([]string{"", "[1]"}, seen); diff != "" {
		t.Errorf("records handed to the edits (-want +got):\n%s", diff)
	}
	want := &Ledger{Path: target, Installs: json.RawMessage(`[1,2]`)}
	if l, ok := s.Ledger(target); !ok || !l.Equal(want) {
		t.Errorf("ledger %+v, want %+v", l, want)
	}
	failed := errors.New("bad record")
	if err := s.EditInstalls(target, func(json.RawMessage) (json.RawMessage, error) { return nil, failed }); !errors.Is(err, failed) {
		t.Errorf("a failed edit returned %v", err)
	}
	if l, _ := s.Ledger(target); !l.Equal(want) {
		t.Errorf("a failed edit changed the ledger: %+v", l)
	}
	// With nothing left to remember, the record goes (uninstall leaves no trace).
	if err := s.EditInstalls(target, func(json.RawMessage) (json.RawMessage, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if l, ok := s.Ledger(target); ok {
		t.Errorf("record kept with nothing in it: %+v", l)
	}
	if ents, _ := os.ReadDir(filepath.Join(s.Home, "ledger")); len(ents) != 0 {
		t.Errorf("ledger directory holds %d files, want none", len(ents))
	}
}

// TestLedgerEqual: ledgers are equal when they would be written down alike.
func TestLedgerEqual(t *testing.T) {
	blank := " "
	created := &Ledger{Path: "/s.json", CreatedFile: true}
	tests := []struct {
		name string
		a, b *Ledger
		want bool
	}{
		{"both none", nil, nil, true},
		{"one none", created, nil, false},
		{"none and one", nil, created, false},
		{"same fields", created, &Ledger{Path: "/s.json", CreatedFile: true}, true},
		{"other field", created, &Ledger{Path: "/s.json"}, false},
		{"same blank bytes", &Ledger{Blank: &blank}, &Ledger{Blank: new(string(" "))}, true},
		{"other record", &Ledger{Installs: json.RawMessage(`[1]`)}, &Ledger{Installs: json.RawMessage(`[2]`)}, false},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
