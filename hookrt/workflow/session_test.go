package workflow

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
)

// inWindow makes the fixture's hooks run in the Claude Code window pid (started at start).
func (f *fixture) inWindow(pid int, start string) {
	f.env[window.PIDVar] = strconv.Itoa(pid)
	f.window = func(p int) (window.ID, error) {
		if p != pid {
			return window.ID{}, window.ErrNotAncestor
		}
		return window.ID{PID: pid, Start: start}, nil
	}
}

const cleared = "0b7c3d1e-5f2a-4c8e-9d6b-a1e2f3c4d5e6"

// TestTaskFollowsClear: /clear starts a new session in the same window; the task follows it:
// its stops are enforced, its "已修复" confirms the task and its next stop completes it.
func TestTaskFollowsClear(t *testing.T) {
	f := newFixture(t)
	f.inWindow(4242, "boot:100")
	f.prompt("/mc fix the shop")
	f.stop()
	out := f.handle(event.Stop, map[string]any{"session_id": cleared})
	if out == nil || out.Decision != "block" || !strings.Contains(reason(out), "task-20260314-150926 (fix the shop)") {
		t.Fatalf("the cleared session's stop: got %+v, want the task's block", out)
	}
	if task := f.only(); task.SessionID != cleared || task.FailureCount != 2 {
		t.Errorf("task %+v, want it the cleared session's, with 2 failures", task.Meta)
	}
	out = f.handle(event.UserPromptSubmit, map[string]any{"session_id": cleared, "prompt": "已修复"})
	if out == nil || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "confirmed that task task-20260314-150926") {
		t.Fatalf("已修复 after /clear: got %+v, want the task confirmed", out)
	}
	f.handle(event.Stop, map[string]any{"session_id": cleared})
	if task := f.only(); task.Status != StatusCompleted {
		t.Errorf("task %+v, want completed", task.Meta)
	}
}

// TestConfirmationAfterClearAdopts: the first thing said after /clear may be the confirmation.
func TestConfirmationAfterClearAdopts(t *testing.T) {
	f := newFixture(t)
	f.inWindow(4242, "boot:100")
	f.prompt("/mc fix it")
	out := f.handle(event.UserPromptSubmit, map[string]any{"session_id": cleared, "prompt": "/mc-confirm"})
	if out == nil || out.SystemMessage != "" || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "confirmed that task") {
		t.Fatalf("got %+v, want the task confirmed", out)
	}
	if task := f.only(); !task.UserConfirmedFixed || task.SessionID != cleared {
		t.Errorf("task %+v, want confirmed, the cleared session's", task.Meta)
	}
}

// TestConfirmationNeverVanishes: a confirmation that finds no task of its conversation (another
// window, or a window that cannot be told) confirms nothing and says why, naming the open task;
// /mc-confirm with no task at all says so; a phrase said in passing with no task anywhere is not
// answered. Another window's task is left as it was.
func TestConfirmationNeverVanishes(t *testing.T) {
	f := newFixture(t)
	if out := f.prompt("fixed, thanks"); out != nil {
		t.Errorf("a phrase with no task anywhere: got %+v, want nothing", out)
	}
	out := f.prompt("/mc-confirm")
	if out == nil || !strings.Contains(out.SystemMessage, "this confirmation confirms nothing: there is no open task in "+f.project+"/tasks.") {
		t.Errorf("/mc-confirm with no task: got %+v", out)
	}
	f.inWindow(4242, "boot:100")
	f.prompt("/mc fix the shop")
	f.inWindow(5151, "boot:200")
	for _, prompt := range []string{"已修复", "/mc-confirm"} {
		out := f.handle(event.UserPromptSubmit, map[string]any{"session_id": cleared, "prompt": prompt})
		want := "ccc-hooks workflow: this confirmation confirms nothing: no open task belongs to this conversation (session " + cleared +
			"). Task task-20260314-150926 (fix the shop) is open for session " + session + "; `ccc-hooks task confirm task-20260314-150926` closes it."
		if out == nil || out.SystemMessage != want || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "confirms nothing") {
			t.Errorf("%s from another window: got %+v, want %q for the user and the model", prompt, out, want)
		}
	}
	if task := f.only(); task.UserConfirmedFixed || task.SessionID != session {
		t.Errorf("task %+v, want it untouched", task.Meta)
	}
}

// TestDesignTaskAdopted: a task file of the /mc design (no session_id, created_at without a
// zone) is listed and adopted by the session that meets it: enforced, and confirmed.
func TestDesignTaskAdopted(t *testing.T) {
	f := newFixture(t)
	testfs.Write(t, f.project+"/tasks/task-20260301-101500/"+MetaFile, `{
  "task_id": "task-20260301-101500",
  "task_description": "修复商店购买BUG",
  "created_at": "2026-03-01T10:15:00",
  "status": "in_progress",
  "failure_count": 1,
  "failure_history": [],
  "expert_review_triggered": false,
  "expert_review_score": null,
  "user_confirmed_fixed": false,
  "archived_at": null
}`, 0o644)
	out := f.stop()
	if out == nil || out.Decision != "block" || !strings.Contains(reason(out), "task-20260301-101500 (修复商店购买BUG)") {
		t.Fatalf("got %+v, want the design task's block", out)
	}
	if task := f.only(); task.SessionID != session || task.FailureCount != 2 {
		t.Errorf("task %+v, want it adopted with 2 failures", task.Meta)
	}
	f.prompt("已修复")
	f.stop()
	if task := f.only(); task.Status != StatusCompleted {
		t.Errorf("task %+v, want completed", task.Meta)
	}
}
