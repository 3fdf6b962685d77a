package cmd

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/tidwall/gjson"
)

// TestConcurrentInstallUninstall runs 20 ccc-hooks processes at once, alternating install and
// uninstall on one settings file: the file ends as valid JSON with the foreign content intact and
// exactly zero or one set of our entries.
func TestConcurrentInstallUninstall(t *testing.T) {
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	path := filepath.Join(home, ".claude", "settings.json")
	original := `{
  "permissions": {"allow": ["Bash(ls:*)"]},
  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}
}
`
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		verb := "install"
		if i%2 == 1 {
			verb = "uninstall"
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := exec.Command(bin, verb, "--yes")
			c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=")
			if out, err := c.CombinedOutput(); err != nil {
				errs <- &exec.ExitError{ProcessState: c.ProcessState, Stderr: out}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			t.Errorf("a process failed: %v: %s", err, exitErr.Stderr)
		} else {
			t.Errorf("a process failed: %v", err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(data) {
		t.Fatalf("settings file is not valid JSON:\n%s", data)
	}
	ours, foreign := 0, 0
	gjson.GetBytes(data, "hooks").ForEach(func(_, groups gjson.Result) bool {
		for _, h := range groups.Get("#.hooks|@flatten").Array() {
			if hookcmd.IsOurs(h.Get("command").Str) {
				ours++
			} else {
				foreign++
			}
		}
		return true
	})
	if ours != 0 && ours != 2 {
		t.Errorf("%d handlers of ours, want 0 or one set of 2:\n%s", ours, data)
	}
	if foreign != 1 {
		t.Errorf("%d foreign handlers, want 1:\n%s", foreign, data)
	}
	if ours == 0 && string(data) != original {
		t.Errorf("without our entries the file should be the original:\n%s", data)
	}
}
