//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestWorkflowTaskNeedsConfirmation: with the workflow profile, a `/mc`
// prompt opens a task in the project and the agent cannot stop until the
// user confirms the fix; the confirmation completes the task.
func TestWorkflowTaskNeedsConfirmation(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply { return Say("Fixed the bug.") })
	sc.MustCCC(t, sc.product, "install", "--scope", "user", "--yes", "--profile", "workflow")
	// A low cap keeps the unconfirmed session short: two blocks, then it may end.
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 2})
	session := NewSessionID(t)

	sc.agentStops(t, session, "/mc fix the bug")

	tasks := sc.Tasks(t)
	if len(tasks) != 1 {
		t.Fatalf("tasks = %+v, want one", tasks)
	}
	task := tasks[0]
	if !regexp.MustCompile(`^task-\d{8}-\d{6}(-\d+)?$`).MatchString(filepath.Base(task.Dir)) || task.TaskID != filepath.Base(task.Dir) {
		t.Errorf("task dir %s, task_id %q: want tasks/task-YYYYMMDD-HHMMSS named by its id", task.Dir, task.TaskID)
	}
	for _, f := range []string{"context.md", "solution.md"} {
		if _, err := os.Stat(filepath.Join(task.Dir, f)); err != nil {
			t.Errorf("task file: %v", err)
		}
	}
	if task.Status != "in_progress" || task.SessionID != session || task.TaskDescription != "fix the bug" || task.FailureCount != 2 {
		t.Errorf("task after the unconfirmed session = %+v, want in_progress, this session, \"fix the bug\", 2 failures", task)
	}
	agent := sc.api.Agent()
	if len(agent) != 3 {
		t.Fatalf("agent requests = %d, want 3 (two blocked stops under workflow.max_iterations 2)", len(agent))
	}
	if !agent[0].Contains("UserPromptSubmit hook additional context: ") || !agent[0].Contains(task.TaskID) {
		t.Errorf("the first request does not carry the task reminder for %s", task.TaskID)
	}
	if n := feedbackTurns(agent[2], "Task "+task.TaskID+" (fix the bug) is not finished"); n != 2 {
		t.Errorf("the last request carries %d Stop feedback turns, want 2", n)
	}
	if feedbackTurns(agent[1], "Task "+task.TaskID) != 1 {
		t.Errorf("the Stop feedback does not name the task %s: %q", task.TaskID, agent[1].Texts())
	}

	res := sc.ClaudePrint(t, 90*time.Second, "/mc-confirm", "--resume", session, "--output-format", "json")
	if pr := ParsePrintResult(t, res); res.ExitCode != 0 || pr.IsError {
		t.Fatalf("confirming session failed: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	if n := len(sc.api.Agent()); n != 4 {
		t.Errorf("agent requests after confirming = %d, want 4 (the confirmed stop is not blocked)", n)
	}
	task = sc.Tasks(t)[0]
	if task.Status != "completed" || !task.UserConfirmedFixed || task.ArchivedAt == nil || task.ArchivedAt == "" {
		t.Errorf("task after confirmation = %+v, want completed, confirmed, archived", task)
	}
}
