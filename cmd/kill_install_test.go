//go:build unix

package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killOld is the settings file before install: private keys and a foreign hook.
const killOld = "{\n  \"env\": {\n    \"ANTHROPIC_API_KEY\": \"sk-secret\"\n  },\n  \"hooks\": {\n    \"Stop\": [\n" +
	"      {\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}\n    ]\n  }\n}\n"

// TestInstallSurvivesSIGKILL kills a real `ccc-hooks install` or `uninstall` at random
// moments, on a user file that exists and on a project file (and .claude directory) that
// install creates. After every kill the file holds exactly the old or the new bytes (valid
// JSON) or, for the new file, is absent or new; no temporary file has gone to $TMPDIR; and the
// next complete run of the same command leaves no temporary file anywhere and gives the
// expected result — uninstall the old bytes exactly, or no file and no directory.
func TestInstallSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ccc-hooks")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ccc-hooks")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	t.Run("existing user file", func(t *testing.T) {
		k := newKiller(t, bin)
		path := filepath.Join(k.home, ".claude", "settings.json")
		if err := os.WriteFile(path, []byte(killOld), 0o600); err != nil {
			t.Fatal(err)
		}
		k.loop(path, nil)
	})
	t.Run("user file with another name", func(t *testing.T) {
		// A hard-linked file is written in place: a kill may leave it torn, which the next run
		// puts back from its backup before it does its own work.
		k := newKiller(t, bin)
		k.inPlace = true
		path := filepath.Join(k.home, ".claude", "settings.json")
		if err := os.WriteFile(path, []byte(killOld), 0o600); err != nil {
			t.Fatal(err)
		}
		other := filepath.Join(k.home, "dotfiles-settings.json")
		if err := os.Link(path, other); err != nil {
			t.Skipf("no hard links: %v", err)
		}
		k.loop(path, nil)
		if a, b := k.read(path), k.read(other); !bytes.Equal(a, b) {
			t.Errorf("the names hold different bytes:\n%s\n%s", a, b)
		}
	})
	t.Run("new project file", func(t *testing.T) {
		k := newKiller(t, bin, "--scope", "project", "--project-dir", filepath.Join(dir, "project"))
		if err := os.MkdirAll(filepath.Join(dir, "project"), 0o755); err != nil {
			t.Fatal(err)
		}
		k.loop(filepath.Join(dir, "project", ".claude", "settings.json"), func() {
			if _, err := os.Stat(filepath.Join(dir, "project", ".claude")); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("the .claude directory install created is left: %v", err)
			}
		})
	})
}

// killer runs ccc-hooks in a home and TMPDIR of its own.
type killer struct {
	t         *testing.T
	bin, home string
	tmp       string
	args      []string
	env       []string
	// inPlace: the file is written in place, so a kill may leave it torn (see torn).
	inPlace bool
}

func newKiller(t *testing.T, bin string, args ...string) *killer {
	dir := t.TempDir()
	k := &killer{t: t, bin: bin, home: filepath.Join(dir, "home"), tmp: filepath.Join(dir, "tmp"), args: args}
	for _, d := range []string{filepath.Join(k.home, ".claude"), k.tmp} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	k.env = []string{"HOME=" + k.home, "TMPDIR=" + k.tmp, "PATH=" + os.Getenv("PATH")}
	return k
}

func (k *killer) cmd(verb string) *exec.Cmd {
	c := exec.Command(k.bin, append([]string{verb}, k.args...)...)
	c.Env = k.env
	return c
}

func (k *killer) run(verb string) {
	k.t.Helper()
	if out, err := k.cmd(verb).CombinedOutput(); err != nil {
		k.t.Fatalf("ccc-hooks %s: %v\n%s", verb, err, out)
	}
}

// read returns the file's bytes, nil when it is absent.
func (k *killer) read(path string) []byte {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		k.t.Fatal(err)
	}
	return b
}

// loop alternates killed and complete installs and uninstalls of path; removed checks what an
// uninstall of a created file must leave.
func (k *killer) loop(path string, removed func()) {
	t := k.t
	old := k.read(path)
	start := time.Now()
	k.run("install")
	took := time.Since(start)
	installed := k.read(path)
	deadline := time.Now().Add(2 * time.Second)
	kills := 0
	for i := 0; i < 40 && (i < 10 || time.Now().Before(deadline)); i++ {
		// Odd rounds kill an install of the old file, even rounds an uninstall of the new one.
		verb, before, after := "uninstall", installed, old
		if i%2 == 1 {
			verb, before, after = "install", old, installed
		}
		c := k.cmd(verb)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(took) * 3 / 2)))
		if c.Process.Signal(syscall.SIGKILL) == nil {
			kills++
		}
		_ = c.Wait()
		got := k.read(path)
		switch {
		case k.inPlace && torn(got, before, after):
			// the next run puts it back
		case !bytes.Equal(got, before) && !bytes.Equal(got, after) || got != nil && !json.Valid(got):
			t.Fatalf("round %d: after SIGKILL of %s the file is neither the old nor the new bytes:\n%s", i, verb, got)
		}
		if ents, _ := os.ReadDir(k.tmp); len(ents) > 0 {
			t.Fatalf("round %d: %s holds %s", i, k.tmp, ents[0].Name())
		}
		k.run(verb) // the next run
		if leftover := findTemps(filepath.Dir(filepath.Dir(path)), k.home); leftover != "" {
			t.Fatalf("round %d: the next run left %s", i, leftover)
		}
		if got := k.read(path); !bytes.Equal(got, after) {
			t.Fatalf("round %d: %s after a killed %s:\n%s", i, verb, verb, got)
		}
		if after == nil && removed != nil {
			removed()
		}
	}
	t.Logf("%d kills, one install takes %v", kills, took)
}

// torn reports whether got is the new bytes written over the old ones part way, as a write in
// place stopped by a kill leaves them: after[:k] then before[k:], or after[:k] alone past the
// end of before.
func torn(got, before, after []byte) bool {
	for k := 0; k <= len(after); k++ {
		rest := []byte{}
		if k < len(before) {
			rest = before[k:]
		}
		if bytes.Equal(got, append(slices.Clone(after[:k]), rest...)) {
			return true
		}
	}
	return false
}

// findTemps returns the first temporary file of ccc-hooks under the roots, or "".
func findTemps(roots ...string) string {
	found := ""
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.Contains(d.Name(), ".ccc-hooks-tmp-") && found == "" {
				found = p
			}
			return nil
		})
	}
	return found
}
