//go:build unix

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestWorkflowUninstalledMidTask: typed into interactive Claude Code. The supervisor (off) in the
// user's settings, the workflow in the project's; `/mc` opens a task and its stop is blocked.
// The workflow is uninstalled from a shell while the session runs: uninstall names the open task
// and says it is no longer enforced. Claude Code reads the settings again, so the next prompt
// reaches no prompt hook of the workflow; the stop after it, which the supervisor's entry still
// sends to ccc-hooks, ends the turn with one line saying the task is no longer enforced, counts
// no failure, and `ccc-hooks task list` still lists the task.
func TestWorkflowUninstalledMidTask(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, workflowAgent(nil))
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, sc.SettingsPath(), marker.SettingsFor("ConfigChange"))
	sc.MustCCC(t, sc.product, "install", "--yes")
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--scope", "project", "--yes")
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 1})
	term := startTyped(t, sc, tmux, NewSessionID(t))
	term.Scrollback = true

	typeLine(t, term, mcPrompt)
	task := waitTask(t, sc, "the task blocked once and let go at the cap", func(m taskMeta) bool {
		return m.FailureCount == 1 && len(m.FailureHistory) == 2
	})
	term.WaitScreen(t, 30*time.Second, "is not confirmed")
	term.WaitTurnOver(t, 30*time.Second)

	res := sc.MustCCC(t, sc.product, "uninstall", "--profile", "workflow", "--scope", "project", "--yes")
	if want := "Open tasks in " + sc.Project + "/tasks (" + task.TaskID + ") are no longer enforced"; !strings.Contains(oneLine(res.Stdout), want) {
		t.Errorf("uninstall does not say what becomes of the open task (%q):\n%s", want, res.Stdout)
	}
	requests := len(sc.api.Agent())

	// Claude Code reads a settings file again about two seconds after it changed or went
	// (docs/claude-code.md, "Settings are read again mid-session"), and says so with ConfigChange.
	Eventually(t, 30*time.Second, "ConfigChange of the project's settings", func() bool {
		for _, ev := range marker.Events(t) {
			if ev.HookEventName == "ConfigChange" && ev.Source == "project_settings" {
				return true
			}
		}
		return false
	}, nil)
	typeLine(t, term, "Is the login bug fixed now?")
	term.WaitScreen(t, 60*time.Second, "task "+task.TaskID+" (fix the login bug) is no longer enforced")
	term.WaitTurnOver(t, 30*time.Second)
	if got := len(sc.api.Agent()) - requests; got != 1 {
		t.Errorf("agent requests of the turn after the uninstall = %d, want 1 (its stop not blocked)", got)
	}
	after := waitTask(t, sc, "the task still open", func(m taskMeta) bool { return m.Status == "in_progress" })
	if after.FailureCount != 1 || len(after.FailureHistory) != 2 {
		t.Errorf("task after the uninstall = %+v, want its one failure and nothing more", after)
	}
	if out := sc.MustCCC(t, sc.product, "task", "list", "--project-dir", sc.Project).Stdout; !strings.Contains(out, task.TaskID) || !strings.Contains(out, "in_progress") {
		t.Errorf("task list does not list the open task:\n%s", out)
	}
}

// TestWorkflowTaskFollowsClear: typed into interactive Claude Code. `/mc` opens a task; another
// Claude Code window in the project types /mc-confirm, which confirms nothing there and says so,
// naming the open task. Then /clear in the first window: the conversation goes on under a new
// session ID, and "已修复" typed there confirms the task, which the next stop completes.
func TestWorkflowTaskFollowsClear(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, workflowAgent(nil))
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--scope", "project", "--yes")
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 1})
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, sc.SettingsPath(), marker.SettingsFor("SessionStart"))
	s1 := NewSessionID(t)
	a := startTyped(t, sc, tmux, s1)

	typeLine(t, a, mcPrompt)
	task := waitTask(t, sc, "the task blocked once and let go at the cap", func(m taskMeta) bool {
		return m.FailureCount == 1 && len(m.FailureHistory) == 2
	})
	a.WaitTurnOver(t, 30*time.Second)

	b := startTyped(t, sc, tmux, NewSessionID(t))
	b.Scrollback = true
	typeCommand(t, b, "/mc-confirm", "Confirm that the current workflow task is fixed")
	b.WaitScreen(t, 60*time.Second, "UserPromptSubmit says: ccc-hooks workflow: this confirmation confirms nothing")
	b.WaitScreen(t, 30*time.Second, agentThanks) // the model answered (the fake model thanks for any /mc-confirm)
	said := "Task " + task.TaskID + " (fix the login bug) is open for session " + s1 + "; `ccc-hooks task confirm " + task.TaskID + "` closes it."
	if screen := oneLine(b.Screen()); !strings.Contains(screen, said) {
		t.Errorf("the screen does not name the open task (%q):\n%s", said, screen)
	}
	if confirming := requestsWith(sc, confirmText); len(confirming) != 1 || !confirming[0].Contains("[workflow] this confirmation confirms nothing") {
		t.Errorf("the model was not told once that the confirmation confirmed nothing (%d requests carry /mc-confirm)", len(confirming))
	}
	if m := waitTask(t, sc, "the task still open", func(m taskMeta) bool { return m.Status == "in_progress" }); m.UserConfirmedFixed {
		t.Errorf("another window's /mc-confirm confirmed the task: %+v", m)
	}

	s2 := clearSession(t, a, marker, s1)
	typeLine(t, a, "已修复")
	done := waitTask(t, sc, "the task completed after /clear", func(m taskMeta) bool { return m.Status == "completed" })
	if done.SessionID != s2 || !done.UserConfirmedFixed || done.ArchivedAt == nil {
		t.Errorf("completed task = %+v, want it confirmed and archived by the session /clear started (%s)", done, s2)
	}
	if confirming := requestsWith(sc, "已修复"); len(confirming) == 0 || !confirming[len(confirming)-1].Contains("[workflow] The user confirmed that task "+task.TaskID) {
		t.Errorf("the model was not told that 已修复 confirmed %s", task.TaskID)
	}
}

// requestsWith returns the agent's requests whose newest user message holds text.
func requestsWith(sc *scenario, text string) []*Request {
	return sc.api.Filter(func(r *Request) bool { return r.IsAgent() && strings.Contains(lastUserText(r), text) })
}

// TestBashModeTurnHasNoPromptHook pins what the workflow's rule of where it is installed rests on
// (hookrt/workflow, installed.go): a turn that a bash-mode ! line starts ends in a Stop with a
// prompt_id of its own, for which no UserPromptSubmit hook ran; so a prompt hook's record cannot
// be the only sign that the workflow is installed, and the settings files Claude Code reads are
// the other.
func TestBashModeTurnHasNoPromptHook(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, func(*Request) Reply { return Say(agentDone) })
	marker := sc.NewMarker(t)
	sc.WriteJSON(t, sc.SettingsPath(), marker.SettingsFor("UserPromptSubmit", "Stop"))
	term := startTyped(t, sc, tmux, NewSessionID(t))
	typeLine(t, term, "hello")
	term.WaitScreen(t, 60*time.Second, agentDone)
	typeBash(t, term, "echo bash-mode")
	var stops, prompts []MarkerEvent
	Eventually(t, 60*time.Second, "the bash-mode line's turn and its Stop", func() bool {
		stops, prompts = nil, nil
		for _, ev := range marker.Events(t) {
			switch ev.HookEventName {
			case "Stop":
				stops = append(stops, ev)
			case "UserPromptSubmit":
				prompts = append(prompts, ev)
			}
		}
		return len(stops) == 2
	}, nil)
	if len(prompts) != 1 || prompts[0].Prompt != "hello" {
		t.Fatalf("UserPromptSubmit events = %+v, want only the typed prompt's", prompts)
	}
	turns := map[string]bool{}
	for _, s := range stops {
		turns[s.PromptID] = true
	}
	if len(turns) != 2 || !turns[prompts[0].PromptID] {
		t.Errorf("Stops of turns %v, want the typed prompt's (%s) and a turn of the bash-mode line's own", turns, prompts[0].PromptID)
	}
}
