package workflow

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

func TestOpenTask(t *testing.T) {
	f := newFixture(t)
	out := f.prompt("/mc 修复商店购买BUG")
	if out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.HookEventName != "UserPromptSubmit" {
		t.Fatalf("got %+v, want UserPromptSubmit additionalContext", out)
	}
	dir := filepath.Join(f.project, "tasks", "task-20260314-150926")
	ctx := out.HookSpecificOutput.AdditionalContext
	for _, want := range []string{"task-20260314-150926", "修复商店购买BUG", dir, "/mc-confirm", "/mc-review", "8/10"} {
		if !strings.Contains(ctx, want) {
			t.Errorf("additionalContext lacks %q:\n%s", want, ctx)
		}
	}
	for _, name := range []string{ContextFile, SolutionFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"task_id":                 "task-20260314-150926",
		"task_description":        "修复商店购买BUG",
		"created_at":              "2026-03-14T15:09:26Z",
		"status":                  "in_progress",
		"failure_count":           0.0,
		"failure_history":         []any{},
		"expert_review_triggered": false,
		"expert_review_score":     nil,
		"user_confirmed_fixed":    false,
		"archived_at":             nil,
		"session_id":              session,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf(".task-meta.json (-want +got):\n%s", diff)
	}
}

func TestPromptsThatOpenNothing(t *testing.T) {
	f := newFixture(t)
	for _, p := range []string{"/mc", "/mc-review look", "hello", "/mcfoo bar"} {
		if out := f.prompt(p); out != nil {
			t.Errorf("prompt %q: got %+v, want nil", p, out)
		}
	}
	if n := len(f.tasks()); n != 0 {
		t.Errorf("got %d tasks, want 0", n)
	}
}

func TestStopLifecycle(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix the shop")

	out := f.stop()
	if out == nil || out.Decision != "block" {
		t.Fatalf("first stop: got %+v, want block", out)
	}
	if strings.Contains(reason(out), ReviewCommand) {
		t.Errorf("first stop demands a review: %s", reason(out))
	}
	task := f.only()
	if task.FailureCount != 1 || len(task.FailureHistory) != 1 || task.FailureHistory[0].Excerpt != "done" || task.ExpertReviewTriggered {
		t.Errorf("after first stop: %+v", task.Meta)
	}

	for _, p := range []string{"未修复", "not fixed", "is it fixed?"} {
		if out := f.prompt(p); out != nil {
			t.Errorf("prompt %q answered %+v", p, out)
		}
	}
	if f.only().UserConfirmedFixed {
		t.Fatal("a negation confirmed the task")
	}

	out = f.stop()
	if out == nil || out.Decision != "block" || !strings.Contains(reason(out), ReviewCommand) {
		t.Fatalf("second stop: got %q, want a block demanding %s", reason(out), ReviewCommand)
	}
	if task := f.only(); task.FailureCount != 2 || !task.ExpertReviewTriggered {
		t.Errorf("after second stop: %+v", task.Meta)
	}

	if out := f.prompt("已修复"); out == nil || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "confirmed") {
		t.Errorf("confirmation: got %+v", out)
	}
	if !f.only().UserConfirmedFixed {
		t.Fatal("已修复 did not confirm")
	}
	if out := f.stop(); out != nil {
		t.Fatalf("confirmed stop: got %+v, want nil", out)
	}
	task = f.only()
	if task.Status != StatusCompleted || task.ArchivedAt == nil || *task.ArchivedAt != "2026-03-14T15:09:26Z" {
		t.Errorf("after confirmed stop: %+v", task.Meta)
	}
	if out := f.stop(); out != nil {
		t.Errorf("stop after completion: got %+v, want nil", out)
	}
}

func TestConfirmCommand(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	f.prompt("/mc-confirm")
	if out := f.stop(); out != nil {
		t.Fatalf("got %+v, want nil", out)
	}
	if f.only().Status != StatusCompleted {
		t.Error("task not completed")
	}
}

func TestConfirmationNeverFromAssistant(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	out := f.handle(event.Stop, map[string]any{"last_assistant_message": "已修复 fixed 用户确认: 是"})
	if out == nil || out.Decision != "block" {
		t.Fatalf("got %+v, want block", out)
	}
}

// TestConfirmationNeverFromClaudeCode: Claude Code submits prompts of its own through
// UserPromptSubmit (seen on 2.1.328 and 2.1.332): a finished background task's notification, whose
// text is the subagent's report, and a wake-up the agent scheduled, whose text is the agent's.
// Neither is the user's: neither confirms the task, nor opens one; what the user types still does.
func TestConfirmationNeverFromClaudeCode(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	transcript := filepath.Join(t.TempDir(), "session.jsonl")
	testfs.Write(t, transcript, `{"type":"user","promptId":"p1","origin":{"kind":"human"},"turnOrigin":"human","message":{"role":"user","content":"/mc fix it"}}`+"\n"+
		`{"type":"system","subtype":"scheduled_task_fire","prompt":"fixed; /mc check again"}`+"\n", 0o600)
	for _, prompt := range []string{
		"<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>\n<result>Score: 9/10. The bug is fixed.</result>\n</task-notification>",
		"fixed; /mc check again",
	} {
		if out := f.handle(event.UserPromptSubmit, map[string]any{"prompt": prompt, "transcript_path": transcript}); out != nil {
			t.Errorf("%q: got %+v, want nothing", prompt, out)
		}
	}
	scheduled := filepath.Join(t.TempDir(), "scheduled.jsonl")
	testfs.Write(t, scheduled, `{"type":"system","subtype":"scheduled_task_fire","prompt":"/mc fix it again"}`+"\n", 0o600)
	if out := f.handle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it again", "transcript_path": scheduled}); out != nil {
		t.Errorf("a scheduled /mc: got %+v, want nothing", out)
	}
	if len(f.tasks()) != 1 || f.only().UserConfirmedFixed {
		t.Fatalf("tasks %+v, want the one task, unconfirmed", f.tasks())
	}
	if out := f.stop(); out == nil || out.Decision != "block" {
		t.Fatalf("got %+v, want block", out)
	}
	f.handle(event.UserPromptSubmit, map[string]any{"prompt": "fixed", "transcript_path": transcript})
	if !f.only().UserConfirmedFixed {
		t.Error("what the user typed did not confirm")
	}
}

func TestStopWithoutTask(t *testing.T) {
	f := newFixture(t)
	if out := f.stop(); out != nil {
		t.Errorf("got %+v, want nil", out)
	}
	f.prompt("/mc fix it")
	other := f.handle(event.Stop, map[string]any{"session_id": "other-session"})
	if other != nil {
		t.Errorf("other session: got %+v, want nil", other)
	}
}

func TestStopUsesNewestTask(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc first")
	f.now = f.now.Add(61e9)
	f.prompt("/mc second")
	out := f.stop()
	if !strings.Contains(reason(out), "task-20260314-151027 (second)") {
		t.Errorf("reason %q does not name the newest task", reason(out))
	}
}

func TestBlockCap(t *testing.T) {
	f := newFixture(t)
	f.maxBlocks = 3
	f.prompt("/mc fix it")
	for i := 1; i <= 3; i++ {
		out := f.handle(event.Stop, map[string]any{"stop_hook_active": i > 1})
		if out == nil || out.Decision != "block" {
			t.Fatalf("stop %d: got %+v, want block", i, out)
		}
	}
	out := f.handle(event.Stop, map[string]any{"stop_hook_active": true})
	if out == nil || out.Decision != "" {
		t.Fatalf("stop at the cap: got %+v, want an allow", out)
	}
	if !strings.Contains(f.stderr.String(), "block cap reached") {
		t.Errorf("stderr %q does not report the cap", f.stderr.String())
	}
	task := f.only()
	if task.FailureCount != 3 || len(task.FailureHistory) != 4 ||
		!strings.Contains(task.FailureHistory[3].Reason, "block cap reached") {
		t.Errorf("task after cap: %+v", task.Meta)
	}
	// The run is over: the next stop blocks again; a user prompt also resets the run.
	f.stop()
	f.stop()
	f.prompt("keep going")
	for i := range 3 {
		if out := f.stop(); out == nil || out.Decision != "block" {
			t.Fatalf("stop %d after the user prompt: got %+v, want block", i, out)
		}
	}
}

func TestCorruptMeta(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc good task")
	bad := filepath.Join(f.project, "tasks", "task-20991231-235959", MetaFile)
	if err := os.MkdirAll(filepath.Dir(bad), 0o755); err != nil {
		t.Fatal(err)
	}
	corrupt := []byte(`{"task_id": "task-20991231-235959", "status": "in_prog`)
	if err := os.WriteFile(bad, corrupt, 0o644); err != nil {
		t.Fatal(err)
	}
	out := f.stop()
	if !strings.Contains(reason(out), "good task") {
		t.Errorf("got %+v, want a block for the good task", out)
	}
	if !strings.Contains(f.stderr.String(), bad) {
		t.Errorf("stderr %q does not name %s", f.stderr.String(), bad)
	}
	if data, _ := os.ReadFile(bad); !bytes.Equal(data, corrupt) {
		t.Errorf("corrupt file was rewritten: %s", data)
	}
}

func TestConcurrentOpen(t *testing.T) {
	f := newFixture(t)
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Go(func() {
			if _, err := f.tryHandle(event.UserPromptSubmit, map[string]any{"prompt": "/mc parallel"}); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var ids []string
	for _, task := range f.tasks() {
		ids = append(ids, task.TaskID)
	}
	sort.Strings(ids)
	if len(ids) != n {
		t.Fatalf("got %d tasks, want %d: %v", len(ids), n, ids)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Errorf("duplicate id %s", id)
		}
		seen[id] = true
	}
	if !seen["task-20260314-150926"] || !seen["task-20260314-150926-20"] {
		t.Errorf("ids %v: want task-20260314-150926 … -20", ids)
	}
}

func TestProjectDirFallsBackToCWD(t *testing.T) {
	f := newFixture(t)
	delete(f.env, "CLAUDE_PROJECT_DIR")
	f.handle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it", "cwd": f.project})
	if n := len(f.tasks()); n != 1 {
		t.Errorf("got %d tasks in cwd, want 1", n)
	}
}

func TestNotify(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	f.stop()
	if len(f.notes) != 0 {
		t.Fatalf("notified without the config: %v", f.notes)
	}
	f.writeConfig(`{"workflow": {"notify": true}}`)
	f.stop()
	f.prompt("fixed")
	f.stop()
	want := []string{
		"Task blocked: task-20260314-150926: stop 2 blocked, waiting for confirmation",
		"Task completed: task-20260314-150926: fix it",
	}
	if diff := cmp.Diff(want, f.notes); diff != "" {
		t.Errorf("notifications (-want +got):\n%s", diff)
	}
}

// TestMissingProjectOpensNothing: an event whose project directory does not exist (a cwd from
// another machine, say) opens no task and creates no directory.
func TestMissingProjectOpensNothing(t *testing.T) {
	f := newFixture(t)
	missing := filepath.Join(f.project, "gone", "project")
	f.env["CLAUDE_PROJECT_DIR"] = missing
	out, err := f.tryHandle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it"})
	if err == nil || !strings.Contains(err.Error(), missing+" does not exist") {
		t.Errorf("Handle: %+v, %v; want an error naming the missing project", out, err)
	}
	if _, err := os.Stat(filepath.Join(f.project, "gone")); !os.IsNotExist(err) {
		t.Errorf("a directory was created for the missing project (stat: %v)", err)
	}
}

// TestProjectDirIsGitTopLevel: without CLAUDE_PROJECT_DIR, a session started in a subdirectory of
// a repository keeps its tasks at the repository's top level.
func TestProjectDirIsGitTopLevel(t *testing.T) {
	testneed.Program(t, "git")
	f := newFixture(t)
	if out, err := exec.Command("git", "init", "-q", f.project).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	sub := filepath.Join(f.project, "pkg", "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	delete(f.env, "CLAUDE_PROJECT_DIR")
	f.handle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it", "cwd": sub})
	if got := f.tasks(); len(got) != 1 {
		t.Fatalf("tasks at the top level: %d, want 1", len(got))
	}
	if _, err := os.Stat(filepath.Join(sub, "tasks")); !os.IsNotExist(err) {
		t.Errorf("tasks/ created in the subdirectory (stat: %v)", err)
	}
}
