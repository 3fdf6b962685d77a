package settings

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestRefusesReadOnlyFile: a 0444 settings file is left unchanged with an error that names it
// and says it is read-only; a change that is not needed still succeeds.
func TestRefusesReadOnlyFile(t *testing.T) {
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	const orig = "{\n  \"model\": \"opus\"\n}\n"
	testfs.Write(t, path, orig, 0o444)
	_, err := s.Update(path, installChange(testCommand))
	if err == nil || !strings.Contains(err.Error(), "write "+path+": the file is read-only") ||
		runtime.GOOS != "windows" && !strings.Contains(err.Error(), "(mode 0444)") {
		t.Fatalf("err = %v, want a read-only error naming %s", err, path)
	}
	if got := readString(t, path); got != orig {
		t.Errorf("file changed:\n%s", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != testfs.Perm(0o444) {
		t.Errorf("mode = %v", fi.Mode().Perm())
	}
	if _, err := s.Update(path, uninstallChange); err != nil {
		t.Errorf("nothing to change on a read-only file: %v", err)
	}
}

// TestTempFilesBesideTarget: the temporary file is written in the target's directory, never
// in $TMPDIR (here a plain file, so any use of it fails the update), and a temporary file a
// killed run left there is removed by the next run.
func TestTempFilesBesideTarget(t *testing.T) {
	s := newTestStore(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	testfs.Write(t, path, "{}", 0o600)
	stale := filepath.Join(dir, ".settings.json.ccc-hooks-tmp-0123456789abcdef")
	testfs.Write(t, stale, `{"env": {"SECRET": "x"}}`, 0o600)
	notADir := filepath.Join(t.TempDir(), "tmpdir")
	testfs.Write(t, notADir, "", 0o600)
	for _, name := range []string{"TMPDIR", "TMP", "TEMP"} { // Unix, Windows
		t.Setenv(name, notADir)
	}
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file of a killed run not removed: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only settings.json", len(ents))
	}
}
