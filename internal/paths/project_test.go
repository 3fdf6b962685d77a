package paths

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestProjectDir pins the order of the project-directory rules: the flag, then
// $CLAUDE_PROJECT_DIR, then a working directory holding the marker, then the git top level, then
// the working directory itself.
func TestProjectDir(t *testing.T) {
	testneed.Program(t, "git")
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	repo, _ = filepath.EvalSymlinks(repo)
	sub := filepath.Join(repo, "pkg", "sub")
	withTasks := filepath.Join(repo, "svc")
	plain := filepath.Join(root, "plain")
	for _, d := range []string{sub, filepath.Join(withTasks, "tasks"), plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	notDir := filepath.Join(root, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cwd, _ := os.Getwd()
	tests := []struct {
		name string
		p    Project
		want string
	}{
		{"flag wins", Project{Flag: plain, ClaudeProjectDir: "/cpd", WD: sub, Marker: "tasks"}, plain},
		{"relative flag made absolute", Project{Flag: "rel", WD: sub}, filepath.Join(cwd, "rel")},
		{"CLAUDE_PROJECT_DIR before the working directory", Project{ClaudeProjectDir: "/cpd", WD: sub}, "/cpd"},
		{"git top level of a subdirectory", Project{WD: sub}, repo},
		{"marker not held: git top level", Project{WD: sub, Marker: "tasks"}, repo},
		{"marker held: the working directory", Project{WD: withTasks, Marker: "tasks"}, withTasks},
		{"marker ignored when not asked for", Project{WD: withTasks}, repo},
		{"outside a repository: the working directory", Project{WD: plain}, plain},
		{"missing working directory as it is", Project{WD: "/nonexistent/dir"}, "/nonexistent/dir"},
		{"a file as working directory as it is", Project{WD: notDir}, notDir},
		{"nothing at all", Project{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProjectDir(tt.p); got != tt.want {
				t.Errorf("ProjectDir(%+v) = %q, want %q", tt.p, got, tt.want)
			}
		})
	}
}
