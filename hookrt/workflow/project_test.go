package workflow

import (
	"os"
	"path/filepath"
	"testing"
)

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
			if got := TasksProject(start); got != want {
				t.Errorf("TasksProject = %s, want %s", got, want)
			}
			if got := TasksProject(top); got != top {
				t.Errorf("TasksProject(top) = %s, want the top itself", got)
			}
		})
	}
}
