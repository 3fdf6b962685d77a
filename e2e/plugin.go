//go:build unix

package e2e

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// PutOnPath makes the product the `ccc-hooks` of the PATH Claude Code is started with (as
// install.sh does), where the plugins' hooks and slash commands find it.
func (s *Sandbox) PutOnPath(t testing.TB, p Product) {
	t.Helper()
	if err := os.Symlink(p.Path, filepath.Join(s.Bin, "ccc-hooks")); err != nil {
		t.Fatal(err)
	}
}

// Checkout is the repository under test: the marketplace folder.
func Checkout(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// MustClaude runs `claude args...` (not a session: plugin management) and fails unless it exits 0.
func (s *Sandbox) MustClaude(t testing.TB, args ...string) Result {
	t.Helper()
	res := s.Run(t, 60*time.Second, s.Claude.Path, args...)
	if res.ExitCode != 0 {
		t.Fatalf("claude %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), res.ExitCode, res.Stdout, res.Stderr)
	}
	return res
}

// InstallPlugin adds the checkout as a marketplace (once) and installs name@ccc-hooks in the
// user scope, the way a user does from a shell; it checks that Claude Code lists it enabled.
func (s *Sandbox) InstallPlugin(t testing.TB, name string) {
	t.Helper()
	if !strings.Contains(s.ReadFile(t, s.SettingsPath()), `"ccc-hooks"`) {
		s.MustClaude(t, "plugin", "marketplace", "add", Checkout(t))
	}
	s.MustClaude(t, "plugin", "install", "-y", name+"@ccc-hooks")
	var list []struct {
		ID      string `json:"id"`
		Enabled bool   `json:"enabled"`
	}
	out := s.MustClaude(t, "plugin", "list", "--json").Stdout
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("claude plugin list --json: %v\n%s", err, out)
	}
	for _, p := range list {
		if p.ID == name+"@ccc-hooks" && p.Enabled {
			return
		}
	}
	t.Fatalf("claude plugin list does not show %s@ccc-hooks enabled:\n%s", name, out)
}

// CopyProduct copies the product binary to dir/ccc-hooks (another binary path, as a second
// install of ccc-hooks would have) and returns it.
func (s *Sandbox) CopyProduct(t testing.TB, p Product, dir string) Product {
	t.Helper()
	path := filepath.Join(dir, "ccc-hooks")
	testfs.Copy(t, p.Path, path, 0o755)
	return Product{Path: path}
}

// HookRuns records every `ccc-hooks hook` process Claude Code starts through a traced program.
type HookRuns struct{ log string }

// NewHookRuns creates an empty record in the sandbox.
func (s *Sandbox) NewHookRuns(t testing.TB) *HookRuns {
	t.Helper()
	return &HookRuns{log: filepath.Join(s.Root, "hook-runs.log")}
}

// Trace replaces the program at path (a ccc-hooks copy or link, which settings or PATH name) by a
// script that runs a copy of the product in its place and, for each hook it runs, records "tag",
// the time the hook started and, unless Claude Code ended it first, the time it ended (Unix
// nanoseconds). Each traced path runs its
// own copy, so that two traced commands stay two callers to ccc-hooks, as the commands they
// stand for are.
func (h *HookRuns) Trace(t testing.TB, s *Sandbox, path, tag string, p Product) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	p = s.CopyProduct(t, p, path+".traced")
	s.WriteFile(t, path, fmt.Sprintf(`#!/bin/sh
if [ "$1" = hook ] && [ -z "${CCC_SUPERVISOR_HOOK:-}" ]; then
	echo "%[1]s start $$ $(date +%%s%%N)" >> '%[2]s'
	'%[3]s' "$@"
	status=$?
	echo "%[1]s end $$ $(date +%%s%%N)" >> '%[2]s'
	exit $status
fi
exec '%[3]s' "$@"
`, tag, h.log, p.Path), 0o755)
}

// Count returns how many hooks ran under tag (the agent's session only: the reviewer's own
// session, which has CCC_SUPERVISOR_HOOK=1, is not counted).
func (h *HookRuns) Count(t testing.TB, s *Sandbox, tag string) int {
	t.Helper()
	return len(h.Runs(t, s, tag))
}

// HookRun is one traced hook process: when it started and ended (Unix nanoseconds; End is 0 when
// the process was ended before it could say so).
type HookRun struct{ Start, End int64 }

// Runs returns the hooks that ran under tag, in the order they started.
func (h *HookRuns) Runs(t testing.TB, s *Sandbox, tag string) []HookRun {
	t.Helper()
	var runs []HookRun
	byPID := map[string]int{}
	for _, l := range s.ReadLines(t, h.log) {
		f := strings.Fields(l)
		if len(f) != 4 {
			t.Fatalf("hook runs: bad line %q", l)
		}
		if f[0] != tag {
			continue
		}
		at, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			t.Fatalf("hook runs: bad line %q", l)
		}
		if f[1] == "start" {
			byPID[f[2]] = len(runs)
			runs = append(runs, HookRun{Start: at})
		} else if i, ok := byPID[f[2]]; ok {
			runs[i].End = at
		}
	}
	slices.SortFunc(runs, func(a, b HookRun) int { return cmp.Compare(a.Start, b.Start) })
	return runs
}
