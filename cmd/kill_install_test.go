//go:build unix

package cmd

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killOld is the settings file before install: private keys and a foreign hook.
const killOld = "{\n  \"env\": {\n    \"ANTHROPIC_API_KEY\": \"sk-secret\"\n  },\n  \"hooks\": {\n    \"Stop\": [\n" +
	"      {\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}\n    ]\n  }\n}\n"

// TestInstallSurvivesSIGKILL kills a real `ccc-hooks install` at random moments. After every
// kill the settings file holds exactly the old or the new bytes (valid JSON), no temporary
// file has gone to $TMPDIR, and the next complete run leaves no temporary file anywhere and
// installs; an uninstall then gives back the old bytes exactly.
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
	home, tmp := filepath.Join(dir, "home"), filepath.Join(dir, "tmp")
	settingsDir := filepath.Join(home, ".claude")
	path := filepath.Join(settingsDir, "settings.json")
	for _, d := range []string{settingsDir, tmp} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"HOME=" + home, "TMPDIR=" + tmp, "PATH=" + os.Getenv("PATH")}
	run := func(args ...string) {
		t.Helper()
		c := exec.Command(bin, args...)
		c.Env = env
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("ccc-hooks %v: %v\n%s", args, err, out)
		}
	}
	if err := os.WriteFile(path, []byte(killOld), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	run("install")
	took := time.Since(start)
	installed, _ := os.ReadFile(path)
	run("uninstall")
	if got, _ := os.ReadFile(path); string(got) != killOld {
		t.Fatalf("uninstall after install:\n%s", got)
	}

	deadline := time.Now().Add(3 * time.Second)
	kills := 0
	for i := 0; i < 40 && (i < 10 || time.Now().Before(deadline)); i++ {
		// Even rounds kill an install of the old file, odd rounds an uninstall of the new one.
		verb, before, after := "install", []byte(killOld), installed
		if i%2 == 1 {
			verb, before, after = "uninstall", installed, []byte(killOld)
		}
		c := exec.Command(bin, verb)
		c.Env = env
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(took) * 3 / 2)))
		if c.Process.Signal(syscall.SIGKILL) == nil {
			kills++
		}
		_ = c.Wait()
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, before) && !bytes.Equal(got, after) || !json.Valid(got) {
			t.Fatalf("round %d: after SIGKILL of %s the file is neither the old nor the new bytes (%v):\n%s", i, verb, err, got)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
			t.Fatalf("round %d: %s holds %s", i, tmp, ents[0].Name())
		}
		run(verb) // the next run
		if leftover := findTemps(t, home); leftover != "" {
			t.Fatalf("round %d: the next run left %s", i, leftover)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, after) {
			t.Fatalf("round %d: %s after a killed %s:\n%s", i, verb, verb, got)
		}
	}
	t.Logf("%d kills, one install takes %v", kills, took)
}

// findTemps returns the first temporary file of ccc-hooks under root, or "".
func findTemps(t *testing.T, root string) string {
	t.Helper()
	found := ""
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".ccc-hooks-tmp-") && found == "" {
			found = p
		}
		return nil
	})
	return found
}
