//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
)

// Product is a built ccc-hooks binary.
type Product struct {
	Path string
}

// BuildProduct builds ./cmd/ccc-hooks of the module at moduleDir into
// dir/bin/ccc-hooks.
func BuildProduct(moduleDir, dir string) (Product, error) {
	bin := filepath.Join(dir, "bin", "ccc-hooks")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/ccc-hooks")
	cmd.Dir = moduleDir
	if out, err := cmd.CombinedOutput(); err != nil {
		return Product{}, fmt.Errorf("go build ./cmd/ccc-hooks: %w\n%s", err, out)
	}
	return Product{Path: bin}, nil
}

// HookCommand is the command line install writes into a personal settings file on this system
// (hookcmd.For).
func (p Product) HookCommand() string { return hookcmd.For(p.Path, runtime.GOOS).Command }

// CCC runs ccc-hooks with args in the project directory, without a terminal.
func (s *Sandbox) CCC(t testing.TB, p Product, args ...string) Result {
	t.Helper()
	res := s.Run(t, 30*time.Second, p.Path, args...)
	t.Logf("ccc-hooks %s: exit %d", strings.Join(args, " "), res.ExitCode)
	return res
}

// MustCCC runs ccc-hooks and fails the test unless it exits 0.
func (s *Sandbox) MustCCC(t testing.TB, p Product, args ...string) Result {
	t.Helper()
	res := s.CCC(t, p, args...)
	if res.ExitCode != 0 {
		t.Fatalf("ccc-hooks %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), res.ExitCode, res.Stdout, res.Stderr)
	}
	return res
}

// Install installs the supervisor profile into the user scope and checks
// that the settings file now runs the product's hook command.
func (s *Sandbox) Install(t testing.TB, p Product) {
	t.Helper()
	s.MustCCC(t, p, "install", "--scope", "user", "--yes")
	if got := s.ReadFile(t, s.SettingsPath()); !strings.Contains(got, p.HookCommand()) {
		t.Fatalf("settings after install do not run %q:\n%s", p.HookCommand(), got)
	}
}

// EnableSupervisor turns the supervisor on for every session.
func (s *Sandbox) EnableSupervisor(t testing.TB, p Product) {
	t.Helper()
	s.MustCCC(t, p, "supervisor", "on", "--default")
}

// WriteConfig writes ccc.json with the given supervisor section.
func (s *Sandbox) WriteConfig(t testing.TB, supervisor map[string]any) {
	t.Helper()
	s.WriteJSON(t, filepath.Join(s.ConfigDir, "ccc.json"), map[string]any{"supervisor": supervisor})
}

// WriteWorkflowConfig writes ccc.json with the given "workflow" settings.
func (s *Sandbox) WriteWorkflowConfig(t testing.TB, workflow map[string]any) {
	t.Helper()
	s.WriteJSON(t, filepath.Join(s.ConfigDir, "ccc.json"), map[string]any{"workflow": workflow})
}

// SupervisorState is the per-session state file of the supervisor.
type SupervisorState struct {
	SessionID string `json:"session_id"`
	Enabled   bool   `json:"enabled"`
	Count     int    `json:"count"`
	// CarriedFrom names the session whose switch this one took over in its Claude Code window.
	CarriedFrom string `json:"carried_from"`
}

// StatePath is the supervisor state file of a session.
func (s *Sandbox) StatePath(sessionID string) string {
	return filepath.Join(s.CCCHome(), "supervisor-"+sessionID+".json")
}

// LogPath is the supervisor decision log of a session.
func (s *Sandbox) LogPath(sessionID string) string {
	return filepath.Join(s.CCCHome(), "supervisor-"+sessionID+".log")
}

// State reads a session's supervisor state; ok is false when there is none.
func (s *Sandbox) State(t testing.TB, sessionID string) (st SupervisorState, ok bool) {
	t.Helper()
	raw := s.ReadFile(t, s.StatePath(sessionID))
	if raw == "" {
		return st, false
	}
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		t.Fatalf("state file %s: %v\n%s", s.StatePath(sessionID), err, raw)
	}
	return st, true
}

// Decisions reads a session's decision log, one object per line.
func (s *Sandbox) Decisions(t testing.TB, sessionID string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range s.ReadLines(t, s.LogPath(sessionID)) {
		var d map[string]any
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("decision log %s: %v\n%s", s.LogPath(sessionID), err, line)
		}
		out = append(out, d)
	}
	return out
}

// SupervisorFiles lists the supervisor-* files in ccc-hooks home.
func (s *Sandbox) SupervisorFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(s.CCCHome(), "supervisor-*"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Tree lists every path under dir with its size and modification time, to
// compare snapshots ("" when dir does not exist).
func Tree(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		fmt.Fprintf(&b, "%s %d %s\n", path, info.Size(), info.ModTime().Format(time.RFC3339Nano))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
