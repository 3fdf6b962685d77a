//go:build unix

package settings

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestLedgersListsOnlyRecords: the records doctor looks through are the regular *.json files of
// <Home>/ledger that decode and name a file; the pending-directories file, other files, broken
// or pathless JSON, a directory and a FIFO (never opened: it would block) are skipped.
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
	go func() { listed <- s.Ledgers() }()
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
	if l := (&FileStore{Home: filepath.Join(s.Home, "missing")}).Ledgers(); l != nil {
		t.Errorf("no ledger directory: %v", l)
	}
}

// TestNoteInstallKeepsOneRecordPerProfile: installing a profile again replaces its record (the
// newest comes last), uninstalling forgets only that profile, and a path through a symbolic
// link records the file it points at.
func TestNoteInstallKeepsOneRecordPerProfile(t *testing.T) {
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
	at := func(h int) time.Time { return time.Date(2026, 11, 20, h, 0, 0, 0, time.UTC) }
	for _, in := range []Installation{
		{Profile: "supervisor", Events: []string{"Stop"}, At: at(1)},
		{Profile: "workflow", Events: []string{"UserPromptSubmit"}, At: at(2)},
		{Profile: "supervisor", Events: []string{"Stop", "PreToolUse"}, At: at(3)},
	} {
		if err := s.NoteInstall(link, in); err != nil {
			t.Fatal(err)
		}
	}
	check := func(when string, want ...Installation) {
		t.Helper()
		l, ok := s.Ledger(target)
		if !ok {
			t.Fatalf("%s: no record", when)
		}
		if diff := cmp.Diff(&Ledger{Path: target, Installs: want}, l); diff != "" {
			t.Errorf("%s: record (-want +got):\n%s", when, diff)
		}
	}
	workflow := Installation{Profile: "workflow", Events: []string{"UserPromptSubmit"}, At: at(2)}
	supervisor := Installation{Profile: "supervisor", Events: []string{"Stop", "PreToolUse"}, At: at(3)}
	check("after three installs", workflow, supervisor)
	if err := s.NoteUninstall(target, "workflow"); err != nil {
		t.Fatal(err)
	}
	check("after uninstalling workflow", supervisor)
	// With nothing left to remember, the record goes (uninstall leaves no trace).
	if err := s.NoteUninstall(target, "supervisor"); err != nil {
		t.Fatal(err)
	}
	if l, ok := s.Ledger(target); ok {
		t.Errorf("record kept with nothing in it: %+v", l)
	}
	if ents, _ := os.ReadDir(filepath.Join(s.Home, "ledger")); len(ents) != 0 {
		t.Errorf("ledger directory holds %d files, want none", len(ents))
	}
}
