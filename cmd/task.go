package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/hookrt/workflow"
	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// taskOptions are the inputs of `task list|show|confirm`.
type taskOptions struct {
	ProjectDir string // --project-dir
	All        bool   // list --all
	ID         string // show and confirm
}

func newTaskCmd(env *Env) *cobra.Command {
	var opts taskOptions
	c := &cobra.Command{
		Use:   "task list|show|confirm",
		Short: "List, show and close the tasks of the workflow profile",
		Long: `task reads the tasks that "/mc <description>" opens under <project>/tasks/ when the
workflow profile is installed. The project is --project-dir, else $CLAUDE_PROJECT_DIR, else
the working directory when it holds tasks/, else the git top level of the working directory.`,
		Args: cobraArgs(cobra.NoArgs),
	}
	c.PersistentFlags().StringVar(&opts.ProjectDir, "project-dir", "", "the project `DIR` holding tasks/")

	list := &cobra.Command{
		Use:   "list [--all]",
		Short: "List open tasks (all tasks with --all)",
		Args:  cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runTaskList(c.Context(), env, opts)
		},
	}
	list.Flags().BoolVar(&opts.All, "all", false, "also list completed tasks")

	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show a task's metadata, failure history and files",
		Args:  cobraArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			return runTaskShow(c.Context(), env, opts)
		},
	}

	confirm := &cobra.Command{
		Use:   "confirm ID",
		Short: "Confirm a task as fixed and complete it",
		Long: `confirm records the user's confirmation on a task and completes it at once (status
completed, archived_at now), as the next Stop of its session would after a confirming prompt.
A session still running ends its task loop at its next stop.`,
		Args: cobraArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			return runTaskConfirm(c.Context(), env, opts)
		},
	}
	c.AddCommand(list, show, confirm)
	return c
}

// taskStore returns the task store of the project chosen by opts: --project-dir, else
// $CLAUDE_PROJECT_DIR (set when Claude Code runs the command), else the working directory when it
// holds tasks/, else its git top level, else the working directory (see paths.ProjectDir).
func taskStore(env *Env, opts taskOptions) (*workflow.TaskStore, error) {
	p := paths.Project{Flag: opts.ProjectDir, ClaudeProjectDir: env.Getenv("CLAUDE_PROJECT_DIR"), Marker: "tasks"}
	if p.Flag == "" && p.ClaudeProjectDir == "" {
		wd, err := env.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		p.WD = wd
	}
	project := paths.ProjectDir(p)
	if p.Flag == "" && p.ClaudeProjectDir != "" {
		// Run from a session (a /mc-confirm command): the session's tasks, wherever its workflow keeps them.
		project = workflow.TasksProject(paths.Place{Dir: project, Getenv: env.Getenv})
	}
	return workflow.NewTaskStore(project, paths.Home(env.Getenv), env.IO.ErrOut), nil
}

// openTaskIDs returns the reader of the tasks open in a project's tasks/ that an uninstall of the
// workflow names (installer.Locator.OpenTasks); a tasks/ it cannot read holds none it names.
func openTaskIDs(env *Env) func(project string) []string {
	return func(project string) []string {
		tasks, _ := workflow.NewTaskStore(project, paths.Home(env.Getenv), io.Discard).List()
		var ids []string
		for _, t := range tasks {
			if t.Status == workflow.StatusInProgress {
				ids = append(ids, t.TaskID)
			}
		}
		return ids
	}
}

func runTaskList(_ context.Context, env *Env, opts taskOptions) error {
	store, err := taskStore(env, opts)
	if err != nil {
		return err
	}
	tasks, err := store.List()
	if err != nil {
		return err
	}
	var shown []*workflow.Task
	for _, t := range tasks {
		if opts.All || t.Status == workflow.StatusInProgress {
			shown = append(shown, t)
		}
	}
	if len(shown) == 0 {
		what := "open tasks"
		if opts.All {
			what = "tasks"
		}
		_, err := fmt.Fprintf(env.IO.Out, "no %s in %s\n", what, store.Dir())
		return err
	}
	tw := tabwriter.NewWriter(env.IO.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tFAILURES\tREVIEW\tDESCRIPTION")
	for _, t := range shown {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", t.TaskID, t.Status, t.FailureCount, taskReviewScore(t), clip.OneLine(t.TaskDescription))
	}
	return tw.Flush()
}

func runTaskShow(_ context.Context, env *Env, opts taskOptions) error {
	store, err := taskStore(env, opts)
	if err != nil {
		return err
	}
	t, err := loadTask(store, opts.ID)
	if err != nil {
		return err
	}
	return printTaskDetails(env.IO.Out, t)
}

func runTaskConfirm(ctx context.Context, env *Env, opts taskOptions) error {
	store, err := taskStore(env, opts)
	if err != nil {
		return err
	}
	if !workflow.ValidID(opts.ID) {
		return invalidTaskID(opts.ID)
	}
	t, already, err := store.ConfirmTask(ctx, opts.ID, env.Now())
	if errors.Is(err, workflow.ErrNotFound) {
		return taskNotFound(store, opts.ID)
	}
	if err != nil {
		return err
	}
	if already {
		_, err = fmt.Fprintf(env.IO.Out, "%s is already completed\n", t.TaskID)
		return err
	}
	_, err = fmt.Fprintf(env.IO.Out, "%s completed\n", t.TaskID)
	return err
}

// loadTask loads the task id of store, with errors that name the id and the directory.
func loadTask(store *workflow.TaskStore, id string) (*workflow.Task, error) {
	if !workflow.ValidID(id) {
		return nil, invalidTaskID(id)
	}
	t, err := store.Load(id)
	if errors.Is(err, workflow.ErrNotFound) {
		return nil, taskNotFound(store, id)
	}
	return t, err
}

func invalidTaskID(id string) error {
	return usageErrorf("invalid task ID %q: want task-YYYYMMDD-HHMMSS[-N]", id)
}

func taskNotFound(store *workflow.TaskStore, id string) error {
	return fmt.Errorf("task %s not found in %s", id, store.Dir())
}

func printTaskDetails(w io.Writer, t *workflow.Task) error {
	archived := "-"
	if t.ArchivedAt != nil {
		archived = *t.ArchivedAt
	}
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	for _, row := range [][2]string{
		{"id", t.TaskID},
		{"description", clip.OneLine(t.TaskDescription)},
		{"status", t.Status},
		{"session", t.SessionID},
		{"created", t.CreatedAt},
		{"archived", archived},
		{"failures", strconv.Itoa(t.FailureCount)},
		{"review", taskReviewState(t)},
		{"confirmed", taskYesNo(t.UserConfirmedFixed)},
		{"directory", t.Dir},
		{"context", filepath.Join(t.Dir, workflow.ContextFile)},
		{"solution", filepath.Join(t.Dir, workflow.SolutionFile)},
		{"meta", t.MetaPath()},
	} {
		fmt.Fprintf(tw, "%s:\t%s\n", row[0], row[1])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(t.FailureHistory) == 0 {
		return nil
	}
	if _, err := fmt.Fprintln(w, "failure history:"); err != nil {
		return err
	}
	for _, f := range t.FailureHistory {
		line := f.Time + "  " + f.Reason
		if f.Excerpt != "" {
			line += ": " + fmt.Sprintf("%q", clip.OneLine(f.Excerpt))
		}
		if _, err := fmt.Fprintln(w, "  "+line); err != nil {
			return err
		}
	}
	return nil
}

func taskReviewScore(t *workflow.Task) string {
	if t.ExpertReviewScore == nil {
		return "-"
	}
	return fmt.Sprintf("%g/10", *t.ExpertReviewScore)
}

func taskReviewState(t *workflow.Task) string {
	switch {
	case t.ExpertReviewScore != nil:
		return "score " + taskReviewScore(t)
	case t.ExpertReviewTriggered:
		return "required, no score yet"
	}
	return "not required"
}

func taskYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
