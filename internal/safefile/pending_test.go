package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestPrepareBesideTarget: the temporary file is in the target's directory under a name the
// next run recognises, private (0600) while it replaces an existing file, and never in $TMPDIR.
func TestPrepareBesideTarget(t *testing.T) {
	tmp := t.TempDir()
	for _, name := range []string{"TMPDIR", "TMP", "TEMP"} { // Unix, Windows
		t.Setenv(name, tmp)
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(target, []byte("new"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Discard()
	if filepath.Dir(p.Name()) != dir || !IsTempOf(filepath.Base(p.Name()), target) {
		t.Errorf("temporary file %s is not a recognisable sibling of %s", p.Name(), target)
	}
	if fi, err := os.Stat(p.Name()); err != nil || fi.Mode().Perm() != testfs.Perm(0o640) {
		t.Errorf("temporary file mode = %v, %v; want the target's 0640", fi.Mode(), err)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("$TMPDIR used: %v", ents[0].Name())
	}
}

// TestCommitHandsBackWhatItDisplaced: on an existing target the commit returns the file it
// displaced — here a foreign write that landed after the caller last looked.
func TestCommitHandsBackWhatItDisplaced(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("read by us"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(target, []byte("ours"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("foreign"), 0o644); err != nil {
		t.Fatal(err)
	}
	displaced, err := p.Commit(true)
	if err != nil {
		t.Fatal(err)
	}
	if displaced == nil {
		if got, _ := os.ReadFile(target); string(got) != "ours" {
			t.Errorf("target = %q", got)
		}
		if canExchange(t, dir) {
			t.Fatal("the names were exchanged but the displaced file was not handed back")
		}
		t.Skip("names cannot be exchanged here: the store reads back the file it kept open, or (Windows) replaces only a file no program holds open")
	}
	defer func() { _ = displaced.Close() }()
	if got, err := os.ReadFile(displaced.Name()); err != nil || string(got) != "foreign" {
		t.Errorf("under the temporary name: %q, %v; want the foreign write", got, err)
	}
	if got, _ := io.ReadAll(displaced); string(got) != "foreign" {
		t.Errorf("displaced = %q, want the foreign write", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("directory holds %d entries, want the target and the displaced file", len(ents))
	}
	displaced.Drop()
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("after Drop the directory holds %d entries, want 1", len(ents))
	}
	if got, _ := os.ReadFile(target); string(got) != "ours" {
		t.Errorf("target = %q", got)
	}
}

// TestSwapBack: the displaced file goes back in the target's place. When the file the commit put
// there was replaced meanwhile (another program saved again), that newer file comes out under the
// temporary name instead, and Keep gives it a name of its own beside the target without
// replacing an earlier one.
func TestSwapBack(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	commit := func(foreign string) *Displaced {
		t.Helper()
		testfs.Write(t, target, "read by us", 0o644)
		p, err := Prepare(target, []byte("ours"), 0o644)
		if err != nil {
			t.Fatal(err)
		}
		testfs.Write(t, target+".new", foreign, 0o644)
		if err := os.Rename(target+".new", target); err != nil {
			t.Fatal(err)
		}
		d, err := p.Commit(true)
		if err != nil {
			t.Fatal(err)
		}
		if d == nil {
			t.Skip("names cannot be exchanged here")
		}
		t.Cleanup(func() { _ = d.Close() })
		return d
	}
	d := commit("first save")
	out, ours, err := d.SwapBack([]byte("first save"))
	if err != nil || !ours {
		t.Fatalf("SwapBack = %v, %v; want ours back", ours, err)
	}
	_ = out.Close()
	d.Drop()
	if got, _ := os.ReadFile(target); string(got) != "first save" {
		t.Errorf("target = %q, want the foreign save back", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want the target alone", len(ents))
	}

	d = commit("first save")
	testfs.Write(t, target+".new", "second save", 0o644)
	if err := os.Rename(target+".new", target); err != nil {
		t.Fatal(err)
	}
	out, ours, err = d.SwapBack(nil)
	if err != nil || ours {
		t.Fatalf("SwapBack = %v, %v; want another file back", ours, err)
	}
	_ = out.Close()
	testfs.Write(t, target+".ccc-hooks-kept", "kept before", 0o644)
	keep, err := d.Keep()
	if err != nil || keep != target+".ccc-hooks-kept-2" {
		t.Fatalf("Keep = %q, %v; want the next free name", keep, err)
	}
	if got, _ := os.ReadFile(keep); string(got) != "second save" {
		t.Errorf("kept = %q, want the second save", got)
	}
	if got, _ := os.ReadFile(target + ".ccc-hooks-kept"); string(got) != "kept before" {
		t.Errorf("the earlier kept file was replaced: %q", got)
	}
}

// TestCommitNewFileDoesNotClobber: a file that appears while a new one is prepared is kept.
func TestCommitNewFileDoesNotClobber(t *testing.T) {
	target := filepath.Join(t.TempDir(), "settings.json")
	p, err := Prepare(target, []byte("ours"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("foreign"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Commit(false); !errors.Is(err, ErrTargetChanged) {
		t.Skipf("err = %v: no create-only rename here", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "foreign" {
		t.Errorf("target = %q, want the foreign file kept", got)
	}
}

// TestRemoveStaleTemps removes only temporary files of the target.
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	names := map[string]bool{
		".settings.json.ccc-hooks-tmp-0123456789abcdef": false,
		".settings.json.ccc-hooks-tmp-notours":          true,
		".other.json.ccc-hooks-tmp-0123456789abcdef":    true,
		"settings.json.bak":                             true,
	}
	for n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveStaleTemps(target); err != nil {
		t.Fatal(err)
	}
	for n, keep := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		if kept := err == nil; kept != keep {
			t.Errorf("%s: kept %v, want %v", n, kept, keep)
		}
	}
}

// canExchange reports whether names in dir can be swapped atomically (exchange is supported).
func canExchange(t *testing.T, dir string) bool {
	a, b := filepath.Join(dir, "probe-a"), filepath.Join(dir, "probe-b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { _ = os.Remove(a); _ = os.Remove(b) }()
	return !errors.Is(exchange(a, b), errUnsupported)
}
