//go:build linux

package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestReviewLeavesGitAsItWas: a review whose reviewer runs git status with Claude Code's Bash
// sandbox on (as the supervisor gives it wherever the machine has it) leaves the repository's git
// directory as the session left it: Claude Code's sandbox makes empty files and directories there
// to pin them against replacement (.git/config.worktree, .git/objects/info/alternates,
// .claude-sandbox-noreplace in .git/info and .git/objects/info; docs/claude-code.md, "What the
// Bash sandbox leaves in .git"), and the supervisor takes back those it made.
func TestReviewLeavesGitAsItWas(t *testing.T) {
	t.Parallel()
	RequireBashSandbox(t)
	const done = "Done."
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			if len(r.ToolResults()) < 2 {
				return Call("Bash", map[string]any{"command": "git status --short", "description": "Show changes"}, "")
			}
			return Verdict(true, "Checked the status.")
		case len(r.ToolResults()) == 0:
			return Call("Bash", map[string]any{"command": "ls", "description": "List files"}, "")
		}
		return Say(done)
	})
	sc.WriteFile(t, filepath.Join(sc.Project, "notes.txt"), "alpha\n", 0o644)
	gitIn(t, sc.Project, "init", "-q")
	gitIn(t, sc.Project, "add", "notes.txt")
	gitIn(t, sc.Project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start")
	sc.WriteFile(t, filepath.Join(sc.Project, "notes.txt"), "alpha\nbeta\n", 0o644)
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.local.json"), map[string]any{
		"permissions": map[string]any{"allow": []string{"Bash(ls:*)"}},
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	gitDir := filepath.Join(sc.Project, ".git")
	session := NewSessionID(t)
	before := gitDirEntries(t, gitDir)
	if pr := sc.agentStops(t, session, "List the files."); pr.Result != done {
		t.Fatalf("the session ended with %q, want %q", pr.Result, done)
	}
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")
	sup := sc.api.Supervisor()
	if results := sup[len(sup)-1].ToolResults(); len(results) < 2 || results[1].IsError || !strings.Contains(results[1].ResultText(), "notes.txt") {
		t.Fatalf("the reviewer's git status: %v, want the changed notes.txt", results)
	}
	after := gitDirEntries(t, gitDir)
	var added []string
	for name := range after {
		if _, ok := before[name]; !ok {
			added = append(added, name+" "+after[name])
		}
	}
	sort.Strings(added)
	if len(added) > 0 {
		t.Errorf("the review left in .git: %q", added)
	}
}

// gitDirEntries lists what a git directory holds, by path, with its type: what a review could
// leave there (the files the session's own git writes are in it before the review).
func gitDirEntries(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out[rel] = d.Type().String()
		if fi, err := d.Info(); err == nil && d.Type().IsRegular() {
			out[rel] += fmt.Sprintf(" %d bytes", fi.Size())
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}
