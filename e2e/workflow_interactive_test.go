//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Texts of the interactive workflow scenario.
const (
	mcPrompt           = "/mc fix the login bug"
	reviewPrompt       = "/mc-review expert review: check the login fix"
	agentAsksToConfirm = "I fixed the login bug. Please confirm."
	agentWaits         = "The expert review is running in the background."
	agentReported      = "The expert review scored 9/10. Please confirm."
	agentThanks        = "Thanks for confirming."
	reviewFirst        = "Missing: a test for an empty password.\nScore: 6/10"
	reviewSecond       = "The empty-password test is there now.\nScore: 9/10"
	reviewSentBack     = "Expert review score 6/10 is below the required 8/10"
	confirmText        = "I confirm that the current workflow task is fixed."
)

// firstUserText is the text of the first user message of a conversation: a subagent's task prompt.
func firstUserText(r *Request) string {
	for _, m := range r.Body.Messages {
		if m.Role == "user" {
			return strings.Join(m.Texts(), "\n")
		}
	}
	return ""
}

// lastUserText is the text of the newest user message of a conversation.
func lastUserText(r *Request) string {
	for i := len(r.Body.Messages) - 1; i >= 0; i-- {
		if m := r.Body.Messages[i]; m.Role == "user" {
			return strings.Join(m.Texts(), "\n")
		}
	}
	return ""
}

// isReviewer reports whether a request comes from the /mc-review subagent.
func isReviewer(r *Request) bool { return strings.Contains(firstUserText(r), reviewPrompt) }

// workflowAgent is the fake model of the interactive workflow scenario: the main agent answers
// each user turn, starts the review subagent when the user types /mc-review, and the reviewer
// scores 6/10, then 9/10 when sent back. When stopWhileRunning is given, the reviewer's first
// answer waits (up to 30 s) until it reports a Stop fired while the reviewer ran in the background.
func workflowAgent(stopWhileRunning func() bool) Script {
	return func(r *Request) Reply {
		if isReviewer(r) && !r.Contains(reviewSentBack) && stopWhileRunning != nil {
			for deadline := time.Now().Add(30 * time.Second); !stopWhileRunning() && time.Now().Before(deadline); {
				time.Sleep(pollInterval)
			}
		}
		return workflowReply(r)
	}
}

// workflowReply is the fake model's answer, by conversation state.
func workflowReply(r *Request) Reply {
	last := lastUserText(r)
	switch {
	case !r.IsAgent():
		return Say("OK.")
	case isReviewer(r) && r.Contains(reviewSentBack):
		return Say(reviewSecond)
	case isReviewer(r):
		return Say(reviewFirst)
	case strings.Contains(last, "<task-notification>"):
		return Say(agentReported)
	case strings.Contains(last, "Async agent launched"):
		return Say(agentWaits)
	case strings.Contains(last, "Start an expert review of the current workflow task"):
		return Call("Agent", map[string]any{
			"description": "expert review", "subagent_type": "general-purpose", "prompt": reviewPrompt,
		}, "")
	case strings.TrimSpace(last) == "已修复", strings.Contains(last, confirmText):
		return Say(agentThanks)
	}
	return Say(agentAsksToConfirm)
}

// TestWorkflowInteractiveLifecycle: the whole /mc lifecycle typed into interactive Claude Code.
// `ccc-hooks install --profile workflow --scope project` writes the hooks and the /mc commands;
// typing `/mc fix the login bug` opens the task and its reminder reaches the model; the stop is
// blocked; "not fixed yet" keeps it blocked and the block demands a review; `/mc-review` starts a
// background subagent, the main agent's stop while it runs is not counted, its 6/10 is sent
// back and its 9/10 passes and is recorded; "已修复" completes the task.
func TestWorkflowInteractiveLifecycle(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	var markerRef atomic.Pointer[Marker] // set once the sandbox exists; read by the fake API
	sc := newScenario(t, workflowAgent(func() bool {
		m := markerRef.Load()
		return m != nil && stopsWhileRunning(*m) > 0
	}))
	// Project scope writes `ccc-hooks hook`, found on PATH (the sandbox puts the product there),
	// as a team would commit it.
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--scope", "project", "--yes")
	for _, name := range []string{"mc", "mc-confirm", "mc-review"} {
		if _, err := os.Stat(filepath.Join(sc.Project, ".claude", "commands", name+".md")); err != nil {
			t.Fatalf("install wrote no /%s: %v", name, err)
		}
	}
	// One block per turn, then the stop is let through (workflow.max_iterations 1) and the user answers.
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 1})
	marker := sc.NewMarker(t)
	markerRef.Store(&marker)
	sc.WriteJSON(t, sc.SettingsPath(), marker.Settings())
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)

	// 1. /mc opens the task; the first stop is blocked, the second is past the cap.
	typeLine(t, term, mcPrompt)
	task := waitTask(t, sc, "the task blocked once and let go at the cap", func(m taskMeta) bool {
		return m.FailureCount == 1 && len(m.FailureHistory) == 2
	})
	if task.TaskDescription != "fix the login bug" || task.SessionID != session || task.Status != "in_progress" {
		t.Errorf("task = %+v, want in_progress, this session, \"fix the login bug\"", task)
	}
	agent := sc.api.Agent()
	first := agent[0]
	if !first.Contains("UserPromptSubmit hook additional context: ") || !first.Contains("[workflow] Task "+task.TaskID+" opened: fix the login bug") {
		t.Errorf("the first request does not carry the task reminder of %s: %q", task.TaskID, first.Texts())
	}
	if !first.Contains("I opened a workflow task with /mc: fix the login bug") {
		t.Errorf("the first request does not carry /mc's text with its argument: %q", first.Texts())
	}
	if feedbackTurns(agent[1], "Task "+task.TaskID+" (fix the login bug) is not finished") != 1 {
		t.Errorf("the second request does not carry the block naming the task: %q", agent[1].Texts())
	}
	term.WaitScreen(t, 10*time.Second, "is not confirmed")

	// 2. "not fixed yet" does not confirm: the next stop is blocked again and demands a review.
	typeLine(t, term, "not fixed yet")
	task = waitTask(t, sc, "a second failure", func(m taskMeta) bool { return m.FailureCount == 2 && len(m.FailureHistory) == 4 })
	if task.UserConfirmedFixed || !task.ExpertReviewTriggered {
		t.Errorf("after \"not fixed yet\": %+v, want unconfirmed with a review demanded", task)
	}
	if last := sc.api.Agent(); !last[len(last)-1].Contains("An expert review is required: run a subagent whose prompt contains /mc-review") {
		t.Errorf("the second block does not demand a review")
	}

	// 3. /mc-review: the subagent runs in the background; the stop while it runs is not counted;
	// 6/10 is sent back, 9/10 passes and is recorded; the agent's report is blocked once more.
	typeLine(t, term, "/mc-review")
	task = waitTask(t, sc, "the review recorded and the agent's report blocked", func(m taskMeta) bool {
		for _, f := range m.FailureHistory {
			if f.Excerpt == agentReported {
				return true
			}
		}
		return false
	})
	if task.FailureCount != 3 {
		t.Errorf("failure_count = %d after the review, want 3 (the stop while the reviewer ran is not counted)", task.FailureCount)
	}
	for _, f := range task.FailureHistory {
		if f.Excerpt == agentWaits {
			t.Errorf("the stop while the reviewer ran was counted: %+v", f)
		}
	}
	if task.ExpertReviewScore == nil || *task.ExpertReviewScore != 9 {
		t.Errorf("expert_review_score = %v, want 9", task.ExpertReviewScore)
	}
	reviewer := sc.api.Filter(func(r *Request) bool { return r.IsAgent() && isReviewer(r) })
	if len(reviewer) != 2 || !reviewer[1].Contains(reviewSentBack) {
		t.Errorf("reviewer requests = %d, want 2, the second sent back with %q", len(reviewer), reviewSentBack)
	}
	if stopsWhileRunning(marker) == 0 {
		t.Errorf("no Stop fired while the reviewer ran in the background")
	}

	// 4. 已修复 confirms: the stop completes the task.
	typeLine(t, term, "已修复")
	task = waitTask(t, sc, "the task completed", func(m taskMeta) bool { return m.Status == "completed" })
	if !task.UserConfirmedFixed || task.ArchivedAt == nil || task.FailureCount != 3 {
		t.Errorf("completed task = %+v, want confirmed, archived, 3 failures", task)
	}
	term.WaitScreen(t, 10*time.Second, agentThanks)
}

// TestWorkflowConfirmTyped: /mc-confirm typed in interactive Claude Code confirms the task (the
// hook receives the raw prompt; the model receives the command's text), and the next stop
// completes it. Installed in the user scope, the commands live in the Claude config dir.
func TestWorkflowConfirmTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, workflowAgent(nil))
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--yes")
	if _, err := os.Stat(filepath.Join(sc.ConfigDir, "commands", "mc-confirm.md")); err != nil {
		t.Fatalf("install wrote no /mc-confirm: %v", err)
	}
	typeConfirmedTask(t, sc, tmux, "/mc", "/mc-confirm")
}

// stopsWhileRunning counts the Stop events the marker recorded while a background task ran. It
// is called from the fake API's handler too, so it reports no test failure of its own.
func stopsWhileRunning(m Marker) int {
	files, _ := filepath.Glob(filepath.Join(m.dir, "event.*"))
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || strings.HasSuffix(f, ".tmp") {
			continue
		}
		_, payload, _ := strings.Cut(string(data), "\n")
		var ev MarkerEvent
		if json.Unmarshal([]byte(payload), &ev) != nil || ev.HookEventName != "Stop" {
			continue
		}
		for _, bg := range ev.BackgroundTasks {
			if bg.Status == "running" {
				n++
				break
			}
		}
	}
	return n
}

// startTyped starts interactive Claude Code for session in the sandbox's terminal, in the
// default permission mode (the agent's questions reach the screen), and waits until it takes
// input.
func startTyped(t *testing.T, sc *scenario, tmux, session string) *Terminal {
	t.Helper()
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, "--permission-mode", "default")
	term.WaitScreen(t, 60*time.Second, "? for shortcuts")
	return term
}

// typeLine types text into the Claude Code prompt as a person does and presses Enter.
func typeLine(t *testing.T, term *Terminal, text string) {
	t.Helper()
	term.Keys(t, "-l", text)
	time.Sleep(300 * time.Millisecond)
	term.Keys(t, "Enter")
}

// taskMeta is the whole .task-meta.json of a workflow task.
type taskMeta struct {
	TaskID          string `json:"task_id"`
	TaskDescription string `json:"task_description"`
	Status          string `json:"status"`
	FailureCount    int    `json:"failure_count"`
	FailureHistory  []struct {
		Reason  string `json:"reason"`
		Excerpt string `json:"last_assistant_message"`
	} `json:"failure_history"`
	ExpertReviewTriggered bool     `json:"expert_review_triggered"`
	ExpertReviewScore     *float64 `json:"expert_review_score"`
	UserConfirmedFixed    bool     `json:"user_confirmed_fixed"`
	ArchivedAt            *string  `json:"archived_at"`
	SessionID             string   `json:"session_id"`
}

// waitTask waits until the project's one task satisfies cond and returns it.
func waitTask(t *testing.T, sc *scenario, what string, cond func(taskMeta) bool) taskMeta {
	t.Helper()
	var m taskMeta
	Eventually(t, 90*time.Second, what, func() bool {
		metas, _ := filepath.Glob(filepath.Join(sc.Project, "tasks", "*", ".task-meta.json"))
		if len(metas) != 1 {
			return false
		}
		data, err := os.ReadFile(metas[0])
		if err != nil || json.Unmarshal(data, &m) != nil {
			return false
		}
		return cond(m)
	}, func() string {
		metas, _ := filepath.Glob(filepath.Join(sc.Project, "tasks", "*", ".task-meta.json"))
		var b strings.Builder
		for _, p := range metas {
			data, _ := os.ReadFile(p)
			b.WriteString(p + ":\n" + string(data))
		}
		return b.String() + "\nrequests:\n" + sc.api.Timeline()
	})
	return m
}

// TestWorkflowHonoursClaudeBlockCap: with Claude Code's own Stop-block cap at 2
// (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP in the settings' env, which Claude Code passes to hooks) and
// workflow.max_iterations 20, the workflow blocks twice and lets the third stop through itself: Claude
// Code never has to override it, and the stop it would have overridden is not counted.
func TestWorkflowHonoursClaudeBlockCap(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply { return Say("Fixed the bug.") })
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"env": map[string]any{"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": "2"}})
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--yes")
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 20})
	session := NewSessionID(t)

	res := sc.ClaudePrint(t, 90*time.Second, "/mc fix the bug", "--session-id", session, "--output-format", "json", "--verbose")
	if res.ExitCode != 0 {
		t.Fatalf("claude -p: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	if strings.Contains(res.Stdout+res.Stderr, "overriding") {
		t.Errorf("Claude Code had to override a block:\n%s\n%s", res.Stdout, res.Stderr)
	}
	if n := len(sc.api.Agent()); n != 3 {
		t.Errorf("agent requests = %d, want 3 (two blocks, then the stop let through)", n)
	}
	tasks := sc.Tasks(t)
	if len(tasks) != 1 || tasks[0].FailureCount != 2 || tasks[0].Status != "in_progress" {
		t.Errorf("tasks = %+v, want one in_progress task with 2 failures", tasks)
	}
}

// TestWorkflowPluginTyped: the workflow installed as a Claude Code plugin, its namespaced
// commands typed into the terminal: /workflow:mc opens the task (blocked once at the next
// Stop), /workflow:mc-confirm completes it.
func TestWorkflowPluginTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newScenario(t, workflowAgent(nil))
	sc.InstallPlugin(t, "workflow")
	typeConfirmedTask(t, sc, tmux, "/workflow:mc", "/workflow:mc-confirm")
}

// typeConfirmedTask starts interactive Claude Code with workflow.max_iterations 1, types `<mc> fix the
// typo` (the task is blocked once at the next Stop), then confirm (the task completes), and
// checks that the confirming request carried the command's text and the hook's confirmation.
func typeConfirmedTask(t *testing.T, sc *scenario, tmux, mc, confirm string) {
	t.Helper()
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 1})
	term := startTyped(t, sc, tmux, NewSessionID(t))
	typeLine(t, term, mc+" fix the typo")
	waitTask(t, sc, "the task blocked once", func(m taskMeta) bool { return m.FailureCount == 1 && len(m.FailureHistory) == 2 })
	typeLine(t, term, confirm)
	task := waitTask(t, sc, "the task completed", func(m taskMeta) bool { return m.Status == "completed" })
	if !task.UserConfirmedFixed || task.ArchivedAt == nil || task.FailureCount != 1 {
		t.Errorf("completed task = %+v, want confirmed, archived, 1 failure", task)
	}
	term.WaitScreen(t, 10*time.Second, agentThanks)
	agent := sc.api.Agent()
	last := agent[len(agent)-1]
	if !last.Contains(confirmText) || !last.Contains("[workflow] The user confirmed that task "+task.TaskID) {
		t.Errorf("the confirming request lacks %s's text or the hook's confirmation: %q", confirm, last.Texts())
	}
}
