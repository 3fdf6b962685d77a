package workflow

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTasksSymlinkOutsideRefused: a tasks/ symlink that leads out of the project (as root, a /mc
// once created /etc/task-…/) is refused with a warning: no task opens through it, Stop does not
// block, and nothing is written where it points.
func TestTasksSymlinkOutsideRefused(t *testing.T) {
	for _, tt := range []struct {
		name   string
		target func(f *fixture) string
	}{
		{"to a directory elsewhere", func(f *fixture) string { return filepath.Join(filepath.Dir(f.project), "elsewhere") }},
		{"dangling", func(f *fixture) string { return filepath.Join(filepath.Dir(f.project), "missing") }},
		{"relative, out through ..", func(*fixture) string { return "../elsewhere" }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			if err := os.Mkdir(filepath.Join(filepath.Dir(f.project), "elsewhere"), 0o755); err != nil && !os.IsExist(err) {
				t.Fatal(err)
			}
			if err := os.Symlink(tt.target(f), filepath.Join(f.project, "tasks")); err != nil {
				t.Fatal(err)
			}
			if out := f.prompt("/mc fix it"); out != nil {
				t.Errorf("/mc through a tasks/ symlink: got %+v, want nothing", out)
			}
			if out := f.stop(); out != nil {
				t.Errorf("stop: got %+v, want nothing", out)
			}
			for _, dir := range []string{"elsewhere", "missing"} {
				entries, _ := os.ReadDir(filepath.Join(filepath.Dir(f.project), dir))
				if len(entries) != 0 {
					t.Errorf("%s holds %d entries, want none", dir, len(entries))
				}
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f.project), "missing")); !os.IsNotExist(err) {
				t.Errorf("the dangling symlink's target was created (stat: %v)", err)
			}
			if !strings.Contains(f.stderr.String(), "refusing the tasks directory") {
				t.Errorf("stderr %q does not warn", f.stderr.String())
			}
			if _, err := NewTaskStore(f.project, f.home, nil).List(); !errors.Is(err, ErrTasksOutside) {
				t.Errorf("List: %v, want ErrTasksOutside", err)
			}
		})
	}
}

// TestTasksSymlinkInsideFollowed: a tasks/ symlink to a directory inside the project is followed.
func TestTasksSymlinkInsideFollowed(t *testing.T) {
	f := newFixture(t)
	if err := os.Mkdir(filepath.Join(f.project, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("notes", filepath.Join(f.project, "tasks")); err != nil {
		t.Fatal(err)
	}
	if out := f.prompt("/mc fix it"); out == nil {
		t.Fatal("no task opened through an inside symlink")
	}
	if _, err := os.Stat(filepath.Join(f.project, "notes", "task-20260314-150926", MetaFile)); err != nil {
		t.Error(err)
	}
}
