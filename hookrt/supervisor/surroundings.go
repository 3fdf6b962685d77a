package supervisor

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitwall"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// surroundings are what a review stands in besides its arguments: the wall its git reads the
// repository through, and what it takes from and leaves out of the project's settings.
type surroundings struct {
	wall    *gitwall.Wall // nil where none could be built
	git     []string      // the reviewer's git variables (gitwall.Wall.Env)
	project projectSettings
}

// remove removes the wall when the review is over.
func (a surroundings) remove() { _ = a.wall.Remove() }

// gitWallsDir is where the reviews' git walls are laid out: <ccc-hooks home>/git-walls.
func gitWallsDir(getenv func(string) string) string {
	return filepath.Join(paths.Home(getenv), "git-walls")
}

// surroundings builds the review's git wall for dir, the directory the reviewer runs in
// (reviewer.Dir), with the git on the hook's PATH, and reads the project's settings files: the project file of the directory
// Claude Code started in ($CLAUDE_PROJECT_DIR, which Claude Code gives its hooks, else the
// event's cwd) and the local files there and at the top of the repository, and the user's and
// managed settings for the approval of .mcp.json's servers. A wall that cannot be
// built leaves the reviewer without git (gitwall.Wall.Env of none), with a warning in the hook's
// log unless the directory is in no repository at all; a settings file that cannot be read is
// warned about too.
func (s *supervision) surroundings(ctx context.Context, dir string) surroundings {
	var a surroundings
	wall, err := gitwall.BuildWith(ctx, dir, gitWallsDir(s.opts.Getenv), s.opts.Env)
	if err != nil && !errors.Is(err, gitwall.ErrNoRepository) {
		s.opts.Log().Warn("the reviewer gets no git: its wall could not be built", "err", err)
	}
	a.wall, a.git = wall, wall.Env()
	start := s.opts.Getenv("CLAUDE_PROJECT_DIR")
	if start == "" {
		start = dir
	}
	root := ""
	if wall != nil {
		root = wall.WorkTree
	}
	a.project, err = readProjectSettings(start, root, []string{paths.Place{Dir: start, Getenv: s.opts.Getenv}.UserFile(), paths.ManagedFile()})
	if err != nil {
		s.opts.Log().Warn("the project's settings were read in part for the review", "err", err)
	}
	return a
}
