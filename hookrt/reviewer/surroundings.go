package reviewer

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitwall"
	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Surroundings are what a review stands in besides its arguments: the wall its git reads the
// repository through, and what it takes from and leaves out of the project's settings.
type Surroundings struct {
	wall       *gitwall.Wall // nil where none could be built
	Git        []string      // what points the reviewer's git at the wall (gitwall.Wall.Env); none: git finds no repository
	GitDirs    []string      // the repository's git directories: what the sandbox makes there is removed after the review
	MCPConfig  string        // --mcp-config: the project's servers the user's files approve (readProjectSettings); "" for none
	ProjectEnv []string      // the names the project's settings files set: left out of the reviewer's environment but the provider's
}

// Remove removes the wall when the review is over.
func (a Surroundings) Remove() { _ = a.wall.Remove() }

// gitWallsDir is where the reviews' git walls are laid out: <ccc-hooks home>/git-walls.
func gitWallsDir(getenv func(string) string) string {
	return filepath.Join(paths.Home(getenv), "git-walls")
}

// Surround builds the review's git wall for dir, the directory the reviewer runs in (Dir), with
// the git on the hook's PATH, and reads the project's settings files: the project file of the
// directory Claude Code started in ($CLAUDE_PROJECT_DIR, which Claude Code gives its hooks, else
// dir) and the local files there and at the top of the repository, and the user's and managed
// settings for the approval of .mcp.json's servers. A wall that cannot be built leaves the
// reviewer without git (gitwall.Wall.Env of none), with a warning on log unless the directory is
// in no repository at all; a settings file that cannot be read is warned about too.
func Surround(ctx context.Context, dir string, env hookenv.Env, log *slog.Logger) Surroundings {
	env = env.OrSystem()
	var a Surroundings
	wall, err := gitwall.BuildWith(ctx, dir, gitWallsDir(env.Getenv), env)
	if err != nil && !errors.Is(err, gitwall.ErrNoRepository) {
		log.Warn("the reviewer gets no git: its wall could not be built", "err", err)
	}
	a.wall, a.Git = wall, wall.Env()
	start := env.Getenv("CLAUDE_PROJECT_DIR")
	if start == "" {
		start = dir
	}
	root := ""
	if wall != nil {
		root = wall.WorkTree
		a.GitDirs = wall.GitDirs
	}
	project, err := readProjectSettings(start, root, []string{paths.Place{Dir: start, Getenv: env.Getenv}.UserFile(), paths.ManagedFile()})
	if err != nil {
		log.Warn("the project's settings were read in part for the review", "err", err)
	}
	a.MCPConfig, a.ProjectEnv = project.mcp, project.env
	return a
}
