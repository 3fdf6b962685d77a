//go:build unix

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// APIKey is the key the sandboxed Claude Code presents to the fake API.
const APIKey = "sk-test-ccc-hooks-e2e-0123456789abcdefghij"

// Sandbox is a throwaway home for one Claude Code run: HOME, the Claude
// config dir (HOME/.claude), a project directory, a bin directory put first
// on PATH, and a temp dir. Nothing it starts reads or writes the real ~/.claude.
type Sandbox struct {
	Root      string
	Home      string
	ConfigDir string
	Project   string
	Bin       string
	Tmp       string
	Claude    Claude
	API       *FakeAPI
	// ExtraEnv are variables set after the sandbox's own (a later one wins), or, given as a bare
	// name, taken out: a place Claude Code and ccc-hooks are started in with GIT_DIR exported, say.
	ExtraEnv []string
}

// NewPlainSandbox creates the directories of a sandbox for scenarios that run no Claude Code
// (install prompts, doctor, completion in a terminal): the zero FakeAPI only fills the sandbox
// environment's API variables.
func NewPlainSandbox(t testing.TB) *Sandbox {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := &Sandbox{
		Root: root, Home: filepath.Join(root, "home"), Project: filepath.Join(root, "project"),
		Bin: filepath.Join(root, "bin"), Tmp: filepath.Join(root, "tmp"), API: &FakeAPI{},
	}
	s.ConfigDir = filepath.Join(s.Home, ".claude")
	for _, d := range []string{s.ConfigDir, s.Project, s.Bin, s.Tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Registered after t.TempDir's removal, so run before it: nothing the scenario started may
	// still write into the sandbox while it is removed.
	t.Cleanup(s.reap)
	return s
}

// reap kills every process left whose environment is the sandbox's (its HOME): a reviewer, a
// subagent or a hook that outlived the terminal it was started from, reparented away from it.
// It waits until none is left, at most about two seconds. Processes are found through /proc;
// where there is none, it does nothing.
func (s *Sandbox) reap() {
	mark := []byte("HOME=" + s.Home + "\x00")
	for range 100 {
		pids := processesWith(mark)
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// processesWith returns the processes (not zombies) whose environment holds mark.
func processesWith(mark []byte) []int {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + d.Name() + "/environ")
		if err == nil && bytes.Contains(append([]byte{0}, env...), append([]byte{0}, mark...)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// NewSandbox creates the directories and pre-seeds .claude.json so that
// Claude Code skips onboarding, the API-key question and the trust dialog.
func NewSandbox(t testing.TB, claude Claude, api *FakeAPI) *Sandbox {
	t.Helper()
	s := NewPlainSandbox(t)
	s.Claude, s.API = claude, api
	if err := os.Symlink(claude.Path, filepath.Join(s.Bin, "claude")); err != nil {
		t.Fatal(err)
	}
	state := map[string]any{
		"hasCompletedOnboarding": true,
		"numStartups":            1,
		"customApiKeyResponses":  map[string]any{"approved": []string{APIKey[len(APIKey)-20:]}, "rejected": []string{}},
		"projects": map[string]any{s.Project: map[string]any{
			"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true, "allowedTools": []string{},
		}},
	}
	// With CLAUDE_CONFIG_DIR set Claude Code keeps its state inside it; write
	// both places so either lookup finds the seed.
	s.WriteJSON(t, filepath.Join(s.ConfigDir, ".claude.json"), state)
	s.WriteJSON(t, filepath.Join(s.Home, ".claude.json"), state)
	return s
}

// CCCHome is the ccc-hooks home inside the sandbox (state, logs, backups).
func (s *Sandbox) CCCHome() string { return filepath.Join(s.ConfigDir, "ccc") }

// SettingsPath is the user-scope settings file.
func (s *Sandbox) SettingsPath() string { return filepath.Join(s.ConfigDir, "settings.json") }

// Env is the environment of every process the sandbox starts: PATH and the
// sandbox's own variables, never the caller's Claude, Anthropic or ccc ones.
// CCC_CLAUDE points the supervisor at the same claude binary.
func (s *Sandbox) Env() []string {
	env := []string{
		"HOME=" + s.Home,
		"CLAUDE_CONFIG_DIR=" + s.ConfigDir,
		"PATH=" + s.Bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"TMPDIR=" + s.Tmp,
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"ANTHROPIC_BASE_URL=" + s.API.URL,
		"ANTHROPIC_API_KEY=" + APIKey,
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"CCC_CLAUDE=" + s.Claude.Path,
	}
	for _, k := range []string{"GOCOVERDIR", "GORACE"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	for _, e := range s.ExtraEnv {
		if !strings.Contains(e, "=") {
			env = slices.DeleteFunc(env, func(v string) bool { return strings.HasPrefix(v, e+"=") })
			continue
		}
		env = append(env, e)
	}
	return env
}

// WriteJSON writes v as indented JSON to path, creating parent directories.
func (s *Sandbox) WriteJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	s.WriteFile(t, path, string(data)+"\n", 0o644)
}

// WriteFile writes content to path with mode, creating parent directories.
func (s *Sandbox) WriteFile(t testing.TB, path, content string, mode os.FileMode) {
	t.Helper()
	testfs.Write(t, path, content, mode)
}

// ReadFile returns the content of path, or "" when it does not exist.
func (s *Sandbox) ReadFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

// ReadLines returns the non-empty lines of path (none when it does not exist).
func (s *Sandbox) ReadLines(t testing.TB, path string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(s.ReadFile(t, path), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
