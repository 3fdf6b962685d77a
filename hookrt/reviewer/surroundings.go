package reviewer

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Surroundings are what a review stands in besides its arguments: the view its git reads the
// repository through, and what it takes from and leaves out of the project's settings.
type Surroundings struct {
	view       *gitview.View // nil where none could be built
	Git        []string      // what points the reviewer's git at the view (gitview.View.Env); none: git finds no repository
	GitDirs    []string      // the repository's git directories: what the sandbox makes there is removed after the review
	MCPConfig  string        // --mcp-config: the project's servers the user's files approve (readProjectSettings); "" for none
	ProjectEnv []string      // the names the project's settings files set: left out of the reviewer's environment but the provider's
}

// Remove removes the view when the review is over.
func (a Surroundings) Remove() { _ = a.view.Remove() }

// gitViewsDir is where the reviews' git views are laid out: <ccc-hooks home>/git-walls (the name
// of its first release, gitview.Marker).
func gitViewsDir(getenv func(string) string) string {
	return filepath.Join(paths.Home(getenv), "git-walls")
}

// Surround builds the review's git view for dir, the directory the reviewer runs in (Dir), with
// the git on the hook's PATH, and reads the project's settings files: the project file of the
// directory Claude Code started in ($CLAUDE_PROJECT_DIR, which Claude Code gives its hooks, else
// dir) and the local files there and at the top of the repository, and the user's and managed
// settings for the approval of .mcp.json's servers. A view that cannot be built leaves the
// reviewer without git (gitview.View.Env of none), with a warning on log unless the directory is
// in no repository at all; a settings file that cannot be read is warned about too.
func Surround(ctx context.Context, dir string, env outside.Env, log *slog.Logger) Surroundings {
	env = env.OrSystem()
	var a Surroundings
	view, err := gitview.Build(ctx, dir, gitViewsDir(env.Getenv), env)
	if err != nil && !errors.Is(err, gitview.ErrNoRepository) {
		log.Warn("the reviewer gets no git: its view of the repository could not be built", "err", err)
	}
	a.view, a.Git = view, view.Env()
	start := env.Getenv("CLAUDE_PROJECT_DIR")
	if start == "" {
		start = dir
	}
	root := ""
	if view != nil {
		root = view.WorkTree
		a.GitDirs = view.GitDirs
	}
	project, err := readProjectSettings(start, root, []string{paths.Place{Dir: start, Getenv: env.Getenv}.UserFile(), paths.ManagedFile()})
	if err != nil {
		log.Warn("the project's settings were read in part for the review", "err", err)
	}
	a.MCPConfig, a.ProjectEnv = project.mcp, project.env
	return a
}
