package outside

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestSystem: the outside world of the process, every field set; warnings alone reach the writer
// given.
func TestSystem(t *testing.T) {
	var stderr bytes.Buffer
	e := System(&stderr)
	if e.Getenv("PATH") != os.Getenv("PATH") || len(e.Environ()) != len(os.Environ()) {
		t.Error("the environment is not the process's own")
	}
	if d := time.Since(e.Now()); d < 0 || d > time.Minute {
		t.Errorf("the clock is off by %s", d)
	}
	if wd, _ := os.Getwd(); func() string { d, _ := e.Getwd(); return d }() != wd {
		t.Error("the working directory is not the process's own")
	}
	if self, err := e.Executable(); err != nil || self == "" {
		t.Errorf("Executable = %q, %v", self, err)
	}
	if sh, err := exec.LookPath("sh"); err == nil {
		if got, err := e.LookPathIn("sh", os.Getenv("PATH")); got != sh {
			t.Errorf("LookPathIn(sh) = %q, %v; want %q", got, err, sh)
		}
	}
	if e.Window == nil {
		t.Error("no way to find the Claude Code window")
	}
	e.Log().Info("not shown")
	e.Log().Warn("shown", "k", "v")
	if got := stderr.String(); !strings.Contains(got, "level=WARN msg=shown k=v") || strings.Contains(got, "not shown") {
		t.Errorf("stderr = %q, want the warning alone", got)
	}
}

// TestOrSystem: an Env left empty is the system's, every field set, warnings nowhere; a field a
// test set is kept.
func TestOrSystem(t *testing.T) {
	e := Env{}.OrSystem()
	if e.Getenv == nil || e.Environ == nil || e.Now == nil || e.Getwd == nil || e.Executable == nil ||
		e.LookPathIn == nil || e.Window == nil || e.Stderr == nil {
		t.Fatalf("a field is left nil: %+v", e)
	}
	if e.Getenv("PATH") != os.Getenv("PATH") {
		t.Error("the environment is not the process's own")
	}
	e.Log().Warn("to nowhere")
	kept := Env{Getenv: func(string) string { return "set" }}.OrSystem()
	if kept.Getenv("PATH") != "set" {
		t.Error("OrSystem replaced a field that was set")
	}
}
