package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// sequenceBases are the files the sequences start from: empty containers of every kind, a BOM,
// CRLF, tabs, foreign hooks, number spellings, a blank file, and none at all (nil).
var sequenceBases = []*string{
	nil,
	ptr(`{"hooks": {"PreToolUse": [ ]}}`),
	ptr("\xef\xbb\xbf{\r\n\t\"env\": {\"A\": \"1\"},\r\n\t\"hooks\": {\r\n\t\t\"Stop\": [],\r\n\t\t\"PreToolUse\": [\r\n" +
		"\t\t\t{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"lint\"}]}\r\n\t\t]\r\n\t}\r\n}\r\n"),
	ptr("  \n"),
	ptr("{}"),
	ptr("{\n  \"hooks\": {}\n}\n"),
	ptr(`{"hooks":{"Stop":[],"UserPromptSubmit":[],"SubagentStop":[ ],"PreToolUse":[]}}`),
	ptr("{\n    \"n\": 1.50e+2,\n    \"hooks\": {\n        \"Stop\": [\n            {\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}\n" +
		"        ],\n        \"UserPromptSubmit\": [\n        ]\n    }\n}\n"),
	ptr("{\"permissions\": {\"allow\": []}, \"hooks\": {\"SubagentStop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]}], \"Stop\": [\n]}}\n"),
}

func ptr(s string) *string { return &s }

// sequenceStep is one command of a sequence: an install (profile, events, timeout) or an
// uninstall of a profile.
type sequenceStep struct {
	uninstall bool
	profile   Profile
	events    []Event
	timeout   int
}

func (s sequenceStep) String() string {
	if s.uninstall {
		return "uninstall --profile " + s.profile.Name
	}
	return fmt.Sprintf("install --profile %s --events %s --timeout %d", s.profile.Name, eventNames(s.events), s.timeout)
}

func eventNames(events []Event) string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = e.Name
	}
	return strings.Join(names, ",")
}

// decodeStep turns one byte into a step: its low bits pick install or uninstall and the
// profile, the rest a non-empty subset of the profile's events and a timeout.
func decodeStep(b byte) sequenceStep {
	p := Profiles()[b>>1&1]
	if b&1 == 1 && b>>2&3 == 0 {
		return sequenceStep{uninstall: true, profile: p}
	}
	mask := int(b>>4) % (1<<len(p.Events) - 1)
	var events []Event
	for i, e := range p.Events {
		if (mask+1)&(1<<i) != 0 {
			events = append(events, e)
		}
	}
	timeout := 600
	if b&4 != 0 {
		timeout = 300
	}
	return sequenceStep{profile: p, events: events, timeout: timeout}
}

// runSequence applies the steps that prog encodes (its first byte picks the base file) to a
// settings file through a FileStore with its ledger, as the commands do, then uninstalls both
// profiles: the file must be back to its original bytes (or gone, when it did not exist).
func runSequence(t *testing.T, prog []byte) {
	if len(prog) == 0 {
		return
	}
	base := sequenceBases[int(prog[0])%len(sequenceBases)]
	dir := t.TempDir()
	// Nothing else writes the file: no need to wait for foreign writes after each of ours.
	st := &settings.FileStore{Home: filepath.Join(dir, "home"), Settle: time.Microsecond}
	path := filepath.Join(dir, "settings.json")
	if base != nil {
		if err := os.WriteFile(path, []byte(*base), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var steps []sequenceStep
	for _, b := range prog[1:] {
		steps = append(steps, decodeStep(b))
	}
	steps = append(steps, sequenceStep{uninstall: true, profile: Supervisor}, sequenceStep{uninstall: true, profile: Workflow})
	for i, step := range steps {
		if err := applyStep(st, path, step); err != nil {
			t.Fatalf("base %d, step %d (%s) of %v: %v", int(prog[0])%len(sequenceBases), i, step, steps, err)
		}
		if err := checkStatusMessages(st, path); err != nil {
			t.Fatalf("base %d, after step %d (%s) of %v: %v", int(prog[0])%len(sequenceBases), i, step, steps, err)
		}
	}
	got, err := os.ReadFile(path)
	switch {
	case base == nil && errors.Is(err, fs.ErrNotExist):
	case base == nil:
		t.Fatalf("after %v the file install created is still there (%v):\n%s", steps, err, got)
	case err != nil:
		t.Fatalf("after %v: %v", steps, err)
	case string(got) != *base:
		t.Fatalf("after %v the file is not the original (-got +want):\n%s", steps, cmp.Diff(string(got), *base))
	}
}

// applyStep writes one step as the install and uninstall commands do, recording it in the ledger.
func applyStep(st *settings.FileStore, path string, step sequenceStep) error {
	if step.uninstall {
		_, err := st.UpdateLedgered(path, func(l *settings.Ledger) settings.ChangeFunc {
			return Uninstall{Profile: step.profile, Ledger: l}.Change
		})
		if err != nil {
			return err
		}
		return noteUninstall(st, path, step.profile.Name)
	}
	in := NewInstall(InstallSpec{Profile: step.profile, Events: step.events, Command: testCommand, Timeout: step.timeout})
	if _, err := st.UpdateLedgered(path, in.ChangeWith); err != nil {
		return err
	}
	labels := make([]string, len(step.events))
	for i, e := range step.events {
		labels[i] = e.Label()
	}
	return NoteInstall(st, path, InstallNote{Profile: step.profile.Name, Events: labels})
}

// checkStatusMessages reports a handler of ours in the file at path whose statusMessage is not
// the one its event has with the profiles installed there (see StatusMessage).
func checkStatusMessages(st *settings.FileStore, path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	handlers, err := settings.Handlers(data)
	if err != nil {
		return err
	}
	supervisor := slices.ContainsFunc(InstalledWith(handlers, readLedger(st.Home, path)), func(p Profile) bool { return p.Name == Supervisor.Name })
	for _, h := range handlers {
		if want := StatusMessage(Event{Hook: h.Event, Matcher: h.Matcher}, supervisor); hookcmd.IsOurs(h.Command) && h.StatusMessage != want {
			return fmt.Errorf("our %s handler says %q, want %q:\n%s", h.Event, h.StatusMessage, want, data)
		}
	}
	return nil
}

// TestInstallSequenceNarrowingKeepsEmptyContainer: install, then install --events stop, then
// uninstall gives back `{"hooks": {"PreToolUse": [ ]}}` (the narrowing used to drop the
// PreToolUse array that was there before install).
func TestInstallSequenceNarrowingKeepsEmptyContainer(t *testing.T) {
	all := byte(0b0010_0000) // supervisor, every event, 600
	stop := byte(0b0000_0000)
	runSequence(t, []byte{1, all, stop})
	runSequence(t, []byte{1, all | 4, stop}) // --timeout 300 first
}

// TestInstallSequences runs random sequences of installs (both profiles, narrowed or not,
// changing timeouts) and uninstalls on every base file: the final uninstalls always give back
// the original bytes.
func TestInstallSequences(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	r := rand.New(rand.NewPCG(19, 2))
	for range n {
		prog := make([]byte, 1+r.IntN(8))
		for i := range prog {
			prog[i] = byte(r.UintN(256))
		}
		runSequence(t, prog)
	}
}

// FuzzInstallSequence is TestInstallSequences driven by the fuzzer: `go test ./installer -fuzz
// FuzzInstallSequence`.
func FuzzInstallSequence(f *testing.F) {
	for i := range sequenceBases {
		f.Add([]byte{byte(i), 0b0010_0000, 0})
		f.Add([]byte{byte(i), 0b0111_0010, 0b0000_0000, 0b0001_0010, 0b0000_0011})
	}
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 16 {
			prog = prog[:16]
		}
		runSequence(t, prog)
	})
}
