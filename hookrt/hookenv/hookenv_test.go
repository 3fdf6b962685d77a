package hookenv

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// TestWithDefaults: a field left nil is the process's own; one given is kept.
func TestWithDefaults(t *testing.T) {
	e := Env{}.WithDefaults()
	if e.Getenv("PATH") != os.Getenv("PATH") || len(e.Environ()) != len(os.Environ()) {
		t.Error("the environment is not the process's own")
	}
	if d := time.Since(e.Now()); d < 0 || d > time.Minute {
		t.Errorf("the clock is off by %s", d)
	}
	if self, err := e.Executable(); err != nil || self == "" {
		t.Errorf("Executable = %q, %v", self, err)
	}
	e.Log().Warn("nowhere") // Stderr discards it

	var stderr bytes.Buffer
	at := time.Date(2026, 11, 25, 14, 42, 0, 0, time.UTC)
	given := Env{
		Getenv:     func(string) string { return "given" },
		Environ:    func() []string { return []string{"A=1"} },
		Now:        func() time.Time { return at },
		Stderr:     &stderr,
		Executable: func() (string, error) { return "/given/ccc-hooks", nil },
	}.WithDefaults()
	self, _ := given.Executable()
	if given.Getenv("PATH") != "given" || len(given.Environ()) != 1 || !given.Now().Equal(at) || self != "/given/ccc-hooks" {
		t.Error("a given field was replaced")
	}
	given.Log().Info("not shown")
	given.Log().Warn("shown", "k", "v")
	if got := stderr.String(); !strings.Contains(got, "level=WARN msg=shown k=v") || strings.Contains(got, "not shown") {
		t.Errorf("stderr = %q, want the warning alone", got)
	}
}
