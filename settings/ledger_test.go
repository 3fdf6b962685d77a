package settings

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

// TestUninstallWithLedgerRestoresGolden: with the containers the install recorded, uninstall
// right after install gives back every golden input byte for byte — including pre-existing
// empty containers such as `"hooks": {}` and `"Stop": []`, which a ledger-less uninstall drops.
// (Blank files are put back by the installer from the ledger's Blank bytes; old_install.json
// already holds our entries.)
func TestUninstallWithLedgerRestoresGolden(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "install", "in", "*.json"))
	for _, in := range ins {
		name := filepath.Base(in)
		if name == "old_install.json" {
			continue
		}
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := InsertEntries(src, supervisorEntries(testCommand, 600), testOwner)
			if err != nil {
				t.Fatal(err)
			}
			l := &Ledger{Containers: noteContainers(nil, src, got)}
			back, err := RemoveEntriesWith(got, nil, testOwner, l)
			if err != nil {
				t.Fatal(err)
			}
			if isBlank(src) {
				if !IsEmpty(back) {
					t.Errorf("uninstall of a blank file's install left %q", back)
				}
				return
			}
			diffBytes(t, "uninstall with ledger", back, src)
		})
	}
}

// TestUninstallWithLedgerKeepsUnrecorded: with a ledger that does not list a container, an
// event array emptied by uninstall is kept (it was not install's to remove); without any
// ledger it goes.
func TestUninstallWithLedgerKeepsUnrecorded(t *testing.T) {
	src := []byte("{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"" + testCommand + "\"}]}\n    ]\n  }\n}\n")
	kept, err := RemoveEntriesWith(src, nil, testOwner, &Ledger{})
	if err != nil {
		t.Fatal(err)
	}
	diffBytes(t, "with ledger", kept, []byte("{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n"))
	gone, err := RemoveEntriesWith(src, nil, testOwner, nil)
	if err != nil {
		t.Fatal(err)
	}
	diffBytes(t, "without ledger", gone, []byte("{}\n"))
}

// TestBOMKept: a file starting with a UTF-8 byte order mark is edited, and keeps the mark.
func TestBOMKept(t *testing.T) {
	src := []byte(bom + "{\r\n  \"model\": \"opus\"\r\n}\r\n")
	got, err := InsertEntries(src, supervisorEntries(testCommand, 600), testOwner)
	if err != nil {
		t.Fatalf("Install: %v", err)
	}
	if !strings.HasPrefix(string(got), bom+"{\r\n  \"model\": \"opus\",\r\n  \"hooks\"") {
		t.Errorf("Install lost the mark or moved bytes:\n%q", got)
	}
	handlers, err := Handlers(got)
	if err != nil || len(handlers) != 2 {
		t.Errorf("Handlers = %v, %v; want our two handlers", handlers, err)
	}
	back, err := RemoveEntries(got, nil, testOwner)
	if err != nil {
		t.Fatal(err)
	}
	diffBytes(t, "uninstall", back, src)
	set, err := SetValue(src, []string{"supervisor", "enabled"}, "true")
	if err != nil || !strings.HasPrefix(string(set), bom+"{") {
		t.Errorf("SetValue = %q, %v", set, err)
	}
}

// TestLedgerReadsOlderOriginRecords: a file an older version created (recorded under
// origins/) is still known as created by install after an upgrade.
func TestLedgerReadsOlderOriginRecords(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	testfs.Write(t, path, "{}\n", 0o644)
	rec := filepath.Join(s.Home, "origins", fileID(path))
	mustDo(t, os.MkdirAll(filepath.Dir(rec), 0o700))
	testfs.Write(t, rec, `{"path": `+strconv.Quote(path)+`, "existed": false, "original": ""}`, 0o600)
	l, ok := s.Ledger(path)
	if !ok || !l.CreatedFile {
		t.Errorf("Ledger = %+v, %v; want the file known as created", l, ok)
	}
}

// TestUpdateLedgeredReadsTheRecordUnderTheLock: the change is made once per call from the
// record as it stands when the update starts (nil when there is none), so that a record written
// by another run just before counts, and every round of one update sees the same record.
func TestUpdateLedgeredReadsTheRecordUnderTheLock(t *testing.T) {
	s := &FileStore{Home: t.TempDir()}
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var seen []*Ledger
	insert := func(l *Ledger) ChangeFunc {
		seen = append(seen, l)
		return func(old []byte, _ bool) ([]byte, bool, error) {
			out, err := InsertEntries(old, supervisorEntries(testCommand, 600), testOwner)
			return out, false, err
		}
	}
	if _, err := s.UpdateLedgered(path, insert); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateLedgered(path, insert); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != nil {
		t.Fatalf("records seen: %v, want none, then the one the first update wrote", seen)
	}
	created := (*string)(nil)
	want := map[string]*string{"hooks": created, "hooks.Stop": created, "hooks.PreToolUse": created}
	if diff := cmp.Diff(want, seen[1].Containers); diff != "" {
		t.Errorf("record seen by the second update (-want +got):\n%s", diff)
	}
	got, err := s.UpdateLedgered(path, func(l *Ledger) ChangeFunc {
		return func(old []byte, _ bool) ([]byte, bool, error) {
			out, err := RemoveEntriesWith(old, nil, testOwner, l)
			return out, false, err
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(got.New) != `{"a": 1}` {
		t.Errorf("uninstall with the record gave %s", got.New)
	}
}
