package installer

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// openTasksNote says what an uninstall of the workflow from target means for the tasks still
// open in the project (after is what target holds then; nothing without Locator.OpenTasks, or
// without open tasks): where no settings file Claude Code reads there runs the workflow any more,
// they are no longer enforced (the runtime lets their session's next stop end and says so once);
// where one still does, they stay enforced.
func openTasksNote(loc Locator, target Target, after []byte) string {
	if loc.OpenTasks == nil || loc.ProjectDir == "" {
		return ""
	}
	var b strings.Builder
	projects := []string{loc.ProjectDir}
	if root := loc.root(); root != "" && root != loc.ProjectDir {
		projects = append(projects, root)
	}
	kept := loc.InstalledAnywhere(Workflow, target.Path, after)
	sh := shellword.For(runtime.GOOS, loc.Getenv)
	for _, project := range projects {
		ids := loc.OpenTasks(project)
		if len(ids) == 0 {
			continue
		}
		dir := filepath.Join(project, "tasks")
		if kept {
			fmt.Fprintf(&b, "\nOpen tasks in %s (%s) stay enforced: the workflow is still installed in another settings file "+
				"Claude Code reads here (`ccc-hooks status` names it).", dir, strings.Join(ids, ", "))
			continue
		}
		fmt.Fprintf(&b, "\nOpen tasks in %s (%s) are no longer enforced: no settings file Claude Code reads here runs the "+
			"workflow now, so the next stop of their session ends the turn and says so once. `ccc-hooks task list "+
			"--project-dir %s` lists them; `ccc-hooks task confirm ID --project-dir %s` closes one.",
			dir, strings.Join(ids, ", "), sh.Arg(project), sh.Arg(project))
	}
	return b.String()
}
