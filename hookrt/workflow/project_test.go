package workflow

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// placeAt is Claude Code started in dir, with this process's environment.
func placeAt(dir string) paths.Place { return paths.Place{Dir: dir, Getenv: os.Getenv} }

// The workflow's tasks follow the settings file that runs it: Claude Code reads project settings
// in the start directory and local settings at the top of its git repository.
func TestTasksProject(t *testing.T) {
	const ours = `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/usr/local/bin/ccc-hooks hook"}]}]}}`
	const foreign = `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/bin/echo ccc-hooks"}]}]}}`
	tests := []struct {
		name           string
		project, local string // settings.json in start, settings.local.json at the top
		git            bool   // the top holds .git
		inTop          bool   // want the top
	}{
		{"local settings at the top", "", ours, true, true},
		{"project settings in start win", ours, ours, true, false},
		{"user settings only", "", "", true, false},
		{"another hook in the local file", "", foreign, true, false},
		{"no repository", "", ours, false, false},
		{"invalid local file", "", `{"hooks": `, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			start := filepath.Join(top, "packages", "api")
			put := func(path, data string) {
				t.Helper()
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(start, 0o755); err != nil {
				t.Fatal(err)
			}
			if tc.git {
				put(filepath.Join(top, ".git", "HEAD"), "ref: refs/heads/main\n")
			}
			if tc.project != "" {
				put(filepath.Join(start, ".claude", "settings.json"), tc.project)
			}
			if tc.local != "" {
				put(filepath.Join(top, ".claude", "settings.local.json"), tc.local)
			}
			want := start
			if tc.inTop {
				want = top
			}
			if got := TasksProject(placeAt(start)); got != want {
				t.Errorf("TasksProject = %s, want %s", got, want)
			}
			if got := TasksProject(placeAt(top)); got != top {
				t.Errorf("TasksProject(top) = %s, want the top itself", got)
			}
		})
	}
}

// In a linked worktree Claude Code reads the local settings of the main work tree, so a workflow
// installed only there keeps its tasks at the main work tree, where the local scope put it.
func TestTasksProjectLinkedWorktree(t *testing.T) {
	root := t.TempDir()
	main, linked := filepath.Join(root, "main"), filepath.Join(root, "linked")
	gitDir := filepath.Join(main, ".git", "worktrees", "linked")
	for path, data := range map[string]string{
		filepath.Join(main, ".git", "HEAD"):                   "ref: refs/heads/main\n",
		filepath.Join(gitDir, "commondir"):                    "../..\n",
		filepath.Join(gitDir, "gitdir"):                       filepath.Join(linked, ".git") + "\n",
		filepath.Join(linked, ".git"):                         "gitdir: " + gitDir + "\n",
		filepath.Join(main, ".claude", "settings.local.json"): `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := TasksProject(placeAt(linked)); got != main {
		t.Errorf("TasksProject(the linked worktree) = %s, want the main work tree %s", got, main)
	}
}
