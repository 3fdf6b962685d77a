package workflow

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrTasksOutside is returned when <project>/tasks is a symlink that leads out of the project,
// or is not a directory: tasks are never read or written through it.
var ErrTasksOutside = errors.New("tasks/ must be a real directory inside the project")

// checkDir refuses a tasks/ that is not a directory inside the project: a symlink leading
// elsewhere (as root, a /mc must never create directories in /etc), or a file. A missing tasks/
// is fine. A symlink to a directory inside the project is followed.
func (s *TaskStore) checkDir() error {
	fi, err := os.Lstat(s.Dir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", s.Dir(), err)
	}
	if fi.IsDir() {
		return nil
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return s.refuse("it is not a directory")
	}
	target, err := filepath.EvalSymlinks(s.Dir())
	if err != nil {
		return s.refuse(fmt.Sprintf("it is a symlink that does not resolve: %v", err))
	}
	project, err := filepath.EvalSymlinks(s.Project)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Project, err)
	}
	rel, err := filepath.Rel(project, target)
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		return s.refuse("it is a symlink to " + target + ", outside the project")
	}
	if fi, err := os.Stat(target); err != nil || !fi.IsDir() {
		return s.refuse("it is a symlink to " + target + ", which is not a directory")
	}
	return nil
}

func (s *TaskStore) refuse(why string) error {
	s.log.Warn("refusing the tasks directory; no task is read or written", "dir", s.Dir(), "why", why)
	return fmt.Errorf("%s: %s: %w", s.Dir(), why, ErrTasksOutside)
}
