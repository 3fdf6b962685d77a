package workflow

import (
	"os"
	"path/filepath"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TasksProject returns the project whose tasks/ serves a session started in start (Claude Code's
// $CLAUDE_PROJECT_DIR): the tasks follow the settings file that runs the workflow. Claude Code
// reads .claude/settings.json only in start and .claude/settings.local.json at the top of the git
// repository holding start, so a workflow installed only in that local file keeps its tasks at
// the top of the repository; in every other case (project settings in start, user settings, a
// start outside a repository or at its top) they stay in start. Every workflow event asks (the
// supervisor's Stops too), so a session started at the top of its repository, or outside one,
// reads no file here; only one started below the top reads the two project files.
func TasksProject(start string) string {
	if start == "" {
		return start
	}
	root := repositoryTop(start)
	if root == "" || root == start || runsWorkflow(filepath.Join(start, ".claude", "settings.json")) {
		return start
	}
	if runsWorkflow(filepath.Join(root, ".claude", "settings.local.json")) {
		return root
	}
	return start
}

// runsWorkflow reports whether the settings file at path runs ccc-hooks on UserPromptSubmit
// (runsWorkflowIn). A missing, unreadable, invalid or too large file does not.
func runsWorkflow(path string) bool {
	data, err := settings.ReadFile(path)
	return err == nil && runsWorkflowIn(data)
}

// runsWorkflowIn reports whether the settings data run ccc-hooks on UserPromptSubmit (an entry of
// ours, or a command of the user's that runs it: hookcmd.Runs), the event only the workflow uses.
func runsWorkflowIn(data []byte) bool {
	found := false
	gjson.GetBytes(data, "hooks.UserPromptSubmit").ForEach(func(_, group gjson.Result) bool {
		group.Get("hooks").ForEach(func(_, h gjson.Result) bool {
			found = hookcmd.Runs(h.Get("command").String())
			return !found
		})
		return !found
	})
	return found
}

// repositoryTop returns the nearest directory at or above dir that holds a .git entry (a
// repository's own, or a worktree's file), or "" when there is none. It asks no git process: the
// hook runs on every prompt.
func repositoryTop(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}
