package workflow

import (
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestUninstalledStopsEnforcing: a task open when the workflow is uninstalled is no longer
// enforced at its session's next stop, which the supervisor's entry still sends: the stop is let
// through, no failure is counted, the user is told once which task and what to do, and the task
// stays open for `task list`. Installed again, it is enforced again.
func TestUninstalledStopsEnforcing(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix the shop")
	if out := f.stop(); out == nil || out.Decision != "block" {
		t.Fatalf("installed: got %+v, want a block", out)
	}
	f.uninstall()
	ans, err := f.answer(event.Stop, map[string]any{"stop_hook_active": false, "last_assistant_message": "done"})
	if err != nil || ans.Final || ans.Out != nil {
		t.Fatalf("uninstalled: got %+v (%v), want no opinion", ans, err)
	}
	want := "ccc-hooks workflow: task task-20260314-150926 (fix the shop) is no longer enforced: the workflow is not installed where this session runs"
	if !strings.HasPrefix(ans.Notice, want) || !strings.Contains(ans.Notice, "`ccc-hooks task confirm task-20260314-150926`") {
		t.Errorf("notice %q, want it to start %q and name task confirm", ans.Notice, want)
	}
	if ans, _ := f.answer(event.Stop, map[string]any{"last_assistant_message": "done"}); ans.Out != nil || ans.Notice != "" {
		t.Errorf("second stop: got %+v, want nothing said again", ans)
	}
	if task := f.only(); task.Status != StatusInProgress || task.FailureCount != 1 {
		t.Errorf("task %+v, want in_progress with its one failure", task.Meta)
	}
	f.install()
	if out := f.stop(); out == nil || out.Decision != "block" {
		t.Errorf("installed again: got %+v, want a block", out)
	}
}

// TestInstalledWhereTheHookCanTell: with no settings file the hook can read holding the
// workflow, its own prompt hook having run for the turn (the prompt_id it recorded) proves it is
// installed (a provider's --settings file, say): that turn's stops are enforced, the next turn's
// are not when no prompt hook ran for it. The workflow plugin enabled in a settings file counts.
func TestInstalledWhereTheHookCanTell(t *testing.T) {
	f := newFixture(t)
	f.uninstall()
	f.handle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it", "prompt_id": "p1"})
	for _, active := range []bool{false, true} {
		if out := f.handle(event.Stop, map[string]any{"prompt_id": "p1", "stop_hook_active": active}); out == nil || out.Decision != "block" {
			t.Errorf("the prompt hook's turn: got %+v, want a block", out)
		}
	}
	if ans, _ := f.answer(event.Stop, map[string]any{"prompt_id": "p2"}); ans.Out != nil || !strings.Contains(ans.Notice, "no longer enforced") {
		t.Errorf("a turn no prompt hook ran for: got %+v, want it let through, said", ans)
	}
	testfs.Write(t, f.configFile[:len(f.configFile)-len("ccc.json")]+"settings.json", `{"enabledPlugins":{"workflow@ccc-hooks":true}}`, 0o644)
	if out := f.handle(event.Stop, map[string]any{"prompt_id": "p3"}); out == nil || out.Decision != "block" {
		t.Errorf("the plugin enabled: got %+v, want a block", out)
	}
	if !RanForTurn(f.home, &event.Event{SessionID: session, PromptID: "p1"}) || RanForTurn(f.home, &event.Event{SessionID: session, PromptID: "p3"}) {
		t.Error("RanForTurn does not tell the prompt hook's turn")
	}
}

// TestUnreadableTaskSaid: a task file that is corrupt, empty, of the wrong types or gone beside
// its context.md is named to the user once per session, with what to do; the file is left as it
// is, and the other tasks are enforced.
func TestUnreadableTaskSaid(t *testing.T) {
	for name, meta := range map[string]string{
		"corrupt":     `{"task_id": "task-20250101-000000", "status": "in_prog`,
		"empty":       "",
		"wrong types": `{"task_id": "task-20250101-000000", "status": "in_progress", "failure_count": "two"}`,
		"gone":        "-",
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			dir := f.project + "/tasks/task-20250101-000000"
			testfs.Write(t, dir+"/"+ContextFile, "# the task\n", 0o644)
			if meta != "-" {
				testfs.Write(t, dir+"/"+MetaFile, meta, 0o644)
			}
			f.prompt("/mc good task")
			out := f.stop()
			if out == nil || out.Decision != "block" || !strings.Contains(reason(out), "good task") {
				t.Fatalf("got %+v, want a block for the good task", out)
			}
			if !strings.Contains(out.SystemMessage, "ccc-hooks workflow: task task-20250101-000000 is not enforced: ") ||
				!strings.Contains(out.SystemMessage, dir+"/"+MetaFile) || !strings.Contains(out.SystemMessage, "remove the folder "+dir) {
				t.Errorf("systemMessage %q, want the file named and what to do", out.SystemMessage)
			}
			if again := f.stop(); again == nil || again.SystemMessage != "" {
				t.Errorf("second stop: %+v, want the block alone", again)
			}
		})
	}
}

// TestInstalledInTheLocalSettingsAtTheTop: a session started below the top of its repository
// reads the local settings at the top; the workflow installed there judges the stops of turns its
// prompt hook did not see (a bash-mode line's).
func TestInstalledInTheLocalSettingsAtTheTop(t *testing.T) {
	f := newFixture(t)
	f.uninstall()
	sub := f.project + "/pkg/api"
	testfs.Write(t, f.project+"/.git/HEAD", "ref: refs/heads/main\n", 0o644)
	testfs.Write(t, sub+"/.keep", "", 0o644)
	testfs.Write(t, f.project+"/.claude/settings.local.json", installed, 0o644)
	f.env["CLAUDE_PROJECT_DIR"] = sub
	f.handle(event.UserPromptSubmit, map[string]any{"prompt": "/mc fix it", "prompt_id": "p1"})
	if out := f.handle(event.Stop, map[string]any{"prompt_id": "p2"}); out == nil || out.Decision != "block" {
		t.Errorf("installed in the local settings at the top: got %+v, want a block", out)
	}
}
