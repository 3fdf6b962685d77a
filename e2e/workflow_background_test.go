//go:build unix

package e2e

import (
	"strings"
	"testing"
	"time"
)

// Texts of the Monitor scenario.
const (
	monitorWatching = "The build log watcher is running; I will report when it ends."
	monitorDone     = "The build log watcher ended. Please confirm the fix."
	monitorName     = "build log watcher"
)

// monitorAgent arms a Monitor on a script that runs three seconds — loading the tool with
// ToolSearch first, as Claude Code defers it — then ends its turn while the script runs, and
// reports when Claude Code hands it the script's end (a <task-notification> turn).
func monitorAgent(r *Request) Reply {
	if !r.IsAgent() {
		return Say("OK.")
	}
	last := lastUserText(r)
	switch n := len(r.ToolResults()); {
	case strings.Contains(last, "<task-notification>"):
		return Say(monitorDone)
	case n == 0:
		return Call("ToolSearch", map[string]any{"query": "select:Monitor", "max_results": 5}, "")
	case n == 1 && lastIsToolResult(r):
		return Call("Monitor", map[string]any{"description": monitorName, "timeout_ms": 60000, "command": "sleep 3"}, "")
	case lastIsToolResult(r):
		return Say(monitorWatching)
	}
	return Say(monitorDone)
}

// TestWorkflowWaitsForMonitor: interactive, the workflow installed in the project, `/mc fix the
// build` typed; the agent arms a Monitor (Claude Code's tool that watches a script's output) and
// ends its turn while the script runs. That Stop lists the Monitor in background_tasks as
// running — with type "monitor" from 2.1.329 on (seen on 2.1.332), "shell" before (2.1.328) —
// and the workflow, which stands aside while any background task runs, neither blocks it nor
// counts a failure. When the script ends Claude Code starts a turn with its <task-notification>
// (and runs the UserPromptSubmit hooks with it as the prompt, on both versions); that turn's Stop,
// with nothing running, is blocked and counted, as any unconfirmed stop.
func TestWorkflowWaitsForMonitor(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, monitorAgent)
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--scope", "project", "--yes")
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 1})
	marker := sc.NewMarker(t)
	settings := marker.SettingsFor("Stop", "UserPromptSubmit")
	settings["permissions"] = map[string]any{"allow": []any{"Monitor"}}
	sc.WriteJSON(t, sc.SettingsPath(), settings)
	term := startTyped(t, sc, tmux, NewSessionID(t))
	typeLine(t, term, "/mc fix the build")

	task := waitTask(t, sc, "the stop after the watcher ended blocked", func(m taskMeta) bool { return m.FailureCount >= 1 })
	var waiting *MarkerEvent
	for _, ev := range marker.Events(t) {
		if ev.HookEventName == "Stop" && len(ev.BackgroundTasks) > 0 {
			waiting = &ev
			break
		}
	}
	if waiting == nil {
		t.Fatalf("no Stop listed a background task: %+v", marker.Events(t))
	}
	wantType := "shell"
	if sc.Claude.V.AtLeast(monitorTaskType) {
		wantType = "monitor"
	}
	if bg := waiting.BackgroundTasks; len(bg) != 1 || bg[0].Description != monitorName || bg[0].Status != "running" || bg[0].Type != wantType {
		t.Errorf("background_tasks of the Stop while the watcher ran = %+v; want the %q Monitor, running, type %q (Claude Code %s)", bg, monitorName, wantType, sc.Claude.V)
	}
	notified := false
	for _, ev := range marker.Events(t) {
		notified = notified || ev.HookEventName == "UserPromptSubmit" && strings.HasPrefix(ev.Prompt, "<task-notification>")
	}
	if !notified {
		t.Errorf("no UserPromptSubmit carried the watcher's <task-notification>")
	}
	if task.FailureCount != 1 {
		t.Errorf("failure_count = %d, want 1 (only the stop after the watcher ended)", task.FailureCount)
	}
	for _, f := range task.FailureHistory {
		if f.Excerpt == monitorWatching {
			t.Errorf("the stop while the watcher ran was counted: %+v", f)
		}
	}
	for _, r := range sc.api.Agent() {
		if strings.Contains(lastUserText(r), "<task-notification>") {
			break
		}
		if feedbackTurns(r, "is not finished") > 0 {
			t.Errorf("request %d, before the watcher ended, carries the workflow's block: %q", r.Seq, r.Texts())
		}
	}
	term.WaitScreen(t, 30*time.Second, "is not confirmed")
}
