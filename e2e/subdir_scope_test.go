//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProjectScopeInSubdirectory: in a git repository, `ccc-hooks install --scope project` run in
// packages/api writes packages/api/.claude/settings.json (and says the root's file counts for
// Claude Code started at the top). Interactive Claude Code started in packages/api runs that
// hook (the supervisor reviews the Stop), runs the root's settings.local.json (a marker hook
// records the Stop), and not the root's settings.json (its hook would leave a file).
func TestProjectScopeInSubdirectory(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(true, "Fine.")
		}
		return Say("The bug is fixed.")
	})
	repo := filepath.Join(sc.Root, "repo")
	sub := filepath.Join(repo, "packages", "api")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	sc.Project = sub // ccc-hooks and Claude Code start here
	trustProjects(t, sc.Sandbox, sub, repo)

	rootFired := filepath.Join(sc.Root, "root-project-hook-ran")
	sc.WriteJSON(t, filepath.Join(repo, ".claude", "settings.json"), map[string]any{"hooks": map[string]any{"Stop": []any{
		map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "touch " + rootFired}}},
	}}})
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, filepath.Join(repo, ".claude", "settings.local.json"), marker.Settings())

	res := sc.MustCCC(t, sc.product, "install", "--scope", "project", "--yes")
	if want := "only when started in " + sub; !strings.Contains(strings.Join(strings.Fields(res.Stdout), " "), want) {
		t.Errorf("install does not say which directory counts (%q):\n%s", want, res.Stdout)
	}
	if got := sc.ReadFile(t, filepath.Join(sub, ".claude", "settings.json")); !strings.Contains(got, `"ccc-hooks hook"`) {
		t.Fatalf("install --scope project in %s did not write its settings there:\n%s", sub, got)
	}
	if got := sc.ReadFile(t, filepath.Join(repo, ".claude", "settings.json")); strings.Contains(got, "ccc-hooks") {
		t.Fatalf("install --scope project in %s wrote the root's settings:\n%s", sub, got)
	}
	sc.EnableSupervisor(t, sc.product)

	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session)
	term.WaitScreen(t, 60*time.Second, "shift+tab to cycle")
	term.Keys(t, "-l", "Fix the bug.")
	term.Keys(t, "Enter")
	term.WaitScreen(t, 60*time.Second, "The bug is fixed.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	Eventually(t, 30*time.Second, "the root's local settings hook to run", func() bool {
		for _, ev := range marker.Events(t) {
			if ev.SupervisorHook == "" {
				return true
			}
		}
		return false
	}, func() string { return "no marker event of the agent's session" })
	if _, err := os.Stat(rootFired); !os.IsNotExist(err) {
		t.Errorf("the hook of the root's .claude/settings.json ran (%v): Claude Code started in %s read it", err, sub)
	}
}

// trustProjects marks dirs as trusted projects in the sandbox's Claude Code state, so that no
// trust dialog stops a session started there.
func trustProjects(t *testing.T, s *Sandbox, dirs ...string) {
	t.Helper()
	for _, path := range []string{filepath.Join(s.ConfigDir, ".claude.json"), filepath.Join(s.Home, ".claude.json")} {
		var state map[string]any
		if err := json.Unmarshal([]byte(s.ReadFile(t, path)), &state); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		projects, _ := state["projects"].(map[string]any)
		for _, d := range dirs {
			projects[d] = map[string]any{"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true, "allowedTools": []string{}}
		}
		s.WriteJSON(t, path, state)
	}
}
