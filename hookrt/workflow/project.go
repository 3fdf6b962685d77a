package workflow

import (
	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TasksProject returns the project whose tasks/ serves a session Claude Code started at place
// (its Dir is $CLAUDE_PROJECT_DIR): the tasks follow the settings file that runs the workflow.
// Claude Code reads .claude/settings.json only in the start directory and
// .claude/settings.local.json at the top of the git repository holding it (in a linked worktree,
// the main work tree: paths.Place.LocalRoot), so a workflow installed only in that local file
// keeps its tasks at that top; in every other case (project settings in start, user settings, a
// start outside a repository or at its top) they stay in start. Every workflow event asks (the
// supervisor's Stops too), so a session started at the top of its repository, or outside one,
// reads no file here; only one started below the top reads the two project files.
func TasksProject(place paths.Place) string {
	start := place.Dir
	if start == "" {
		return start
	}
	root := place.LocalRoot()
	if root == start || runsWorkflow(paths.ProjectFile(start)) {
		return start
	}
	if runsWorkflow(paths.LocalFile(root)) {
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
