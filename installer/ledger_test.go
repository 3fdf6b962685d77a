package installer

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestNoteInstallKeepsOneRecordPerProfile: installing a profile again replaces its record (the
// newest comes last), uninstalling forgets only that profile, and the ledger goes once it
// holds nothing.
func TestNoteInstallKeepsOneRecordPerProfile(t *testing.T) {
	st := &settings.FileStore{Home: t.TempDir()}
	target := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(target, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(h int) time.Time { return time.Date(2026, 11, 20, h, 0, 0, 0, time.UTC) }
	for _, rec := range []InstallNote{
		{Profile: "supervisor", Events: []string{"Stop"}, At: at(1)},
		{Profile: "workflow", Events: []string{"UserPromptSubmit"}, At: at(2)},
		{Profile: "supervisor", Events: []string{"Stop", "PreToolUse"}, At: at(3)},
	} {
		if err := NoteInstall(st, target, rec); err != nil {
			t.Fatal(err)
		}
	}
	check := func(when string, want ...InstallNote) {
		t.Helper()
		l := readLedger(st.Home, target)
		if l == nil {
			t.Fatalf("%s: no record", when)
		}
		if diff := cmp.Diff(want, InstallNotes(l)); diff != "" {
			t.Errorf("%s: installs (-want +got):\n%s", when, diff)
		}
	}
	workflow := InstallNote{Profile: "workflow", Events: []string{"UserPromptSubmit"}, At: at(2)}
	supervisor := InstallNote{Profile: "supervisor", Events: []string{"Stop", "PreToolUse"}, At: at(3)}
	check("after three installs", workflow, supervisor)
	if err := noteUninstall(st, target, "workflow"); err != nil {
		t.Fatal(err)
	}
	check("after uninstalling workflow", supervisor)
	if err := noteUninstall(st, target, "supervisor"); err != nil {
		t.Fatal(err)
	}
	if l := readLedger(st.Home, target); l != nil {
		t.Errorf("record kept with nothing in it: %+v", l)
	}
}

// TestLedgerOnDisk: a ledger as ccc-hooks has always written it is read with its installs, and
// recording an install writes it back in the same form, byte for byte.
func TestLedgerOnDisk(t *testing.T) {
	st := &settings.FileStore{Home: t.TempDir()}
	target := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(target, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := InstallNote{
		Profile: "supervisor", Events: []string{"Stop", "PreToolUse[AskUserQuestion]"},
		At: time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC), Reinstall: []string{"install", "--profile", "supervisor"},
	}
	if err := NoteInstall(st, target, rec); err != nil {
		t.Fatal(err)
	}
	// The settings store's own record beside it: the root object was empty before.
	if _, err := st.Update(target, func([]byte, bool) ([]byte, bool, error) {
		return []byte(`{"hooks": {}}` + "\n"), false, nil
	}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(st.Home, "ledger", "*.json"))
	if len(files) != 1 {
		t.Fatalf("ledger files %v, want one", files)
	}
	identity := ""
	if fi, err := os.Stat(target); err == nil {
		if dev, ino, ok := safefile.Identity(fi); ok {
			identity = fmt.Sprintf("\n  \"dev\": %d,\n  \"ino\": %d,", dev, ino)
		}
	}
	if data, err := os.ReadFile(target); err == nil {
		identity += fmt.Sprintf("\n  \"sum\": \"%x\",", sha256.Sum256(data))
	}
	want := `{
  "path": ` + jsonString(target) + `,` + identity + `
  "containers": {
    "": "{}"
  },
  "installs": [
    {
      "profile": "supervisor",
      "events": [
        "Stop",
        "PreToolUse[AskUserQuestion]"
      ],
      "at": "2026-11-20T09:00:00Z",
      "reinstall": [
        "install",
        "--profile",
        "supervisor"
      ]
    }
  ]
}
`
	got, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("ledger file (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(files[0], []byte(want), 0o600); err != nil {
		t.Fatal(err)
	}
	l := readLedger(st.Home, target)
	if l == nil || l.Containers == nil {
		t.Fatalf("ledger not read: %+v", l)
	}
	if diff := cmp.Diff([]InstallNote{rec}, InstallNotes(l)); diff != "" {
		t.Errorf("installs read (-want +got):\n%s", diff)
	}
	if !l.Equal(readLedger(st.Home, target)) || l.Equal(nil) {
		t.Error("a ledger read twice is not equal to itself, or equal to none")
	}
}

// TestLedgerUnreadableInstalls: installs that cannot be read count as none, and no ledger
// notes none.
func TestLedgerUnreadableInstalls(t *testing.T) {
	l := &settings.Ledger{Path: "/s.json", CreatedFile: true, Installs: []byte(`"not a list"`)}
	if got := InstallNotes(l); len(got) != 0 {
		t.Errorf("notes of unreadable installs: %+v, want none", got)
	}
	if got := InstallNotes(nil); got != nil {
		t.Errorf("notes of no ledger: %+v, want none", got)
	}
}
