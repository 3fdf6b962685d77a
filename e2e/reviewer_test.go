//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReviewerIsReadOnlyAndUnsaved: the reviewer is started the way the product promises. It has
// the session's own tools (Edit and Write included, for the prompt cache), git status runs while a
// command that writes is refused by the read-only hook — also `git diff --output=FILE`, which the
// allowed Bash(git diff:*) rule would match — a command allowed_tools names runs, Read works, its
// prompt quotes the agent's last message and names its tools, the fork leaves no session file
// in the projects folder, and the decision log holds the review's turns, tokens and duration.
func TestReviewerIsReadOnlyAndUnsaved(t *testing.T) {
	t.Parallel()
	const (
		prompt  = "Write the notes file."
		final   = "Wrote notes.txt with the three items. Done."
		notes   = "alpha\nbeta\ngamma\n"
		allowed = "Checked git status and notes.txt."
	)
	var sc *scenario
	sc = newScenario(t, func(r *Request) Reply {
		if !r.IsSupervisor() {
			return Say(final)
		}
		switch len(r.ToolResults()) {
		case 0:
			return Call("Bash", map[string]any{"command": "git status", "description": "Show the work tree"}, "")
		case 1:
			return Call("Bash", map[string]any{"command": "touch " + filepath.Join(sc.Project, "hacked"), "description": "Touch a file"}, "")
		case 2:
			// Matches the allowed Bash(git diff:*) rule, but writes a file.
			return Call("Bash", map[string]any{"command": "git diff --output=" + filepath.Join(sc.Project, "leak"), "description": "Diff to a file"}, "")
		case 3:
			// Not read-only for Claude Code: runs only because allowed_tools has a rule for it.
			return Call("Bash", map[string]any{"command": "go version", "description": "Go version"}, "")
		case 4:
			return Call("Read", map[string]any{"file_path": filepath.Join(sc.Project, "notes.txt")}, "")
		}
		return Verdict(true, allowed)
	})
	sc.WriteFile(t, filepath.Join(sc.Project, "notes.txt"), notes, 0o644)
	if out, err := exec.Command("git", "init", "-q", sc.Project).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{
		"enabled":       true,
		"allowed_tools": []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)", "Bash(go version:*)"},
		"wall":          guardAlone,
	})
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, prompt)

	if pr.Result != final {
		t.Errorf("final result = %q, want %q", pr.Result, final)
	}
	sup := sc.api.Supervisor()
	if len(sup) != 6 {
		t.Fatalf("supervisor requests = %d, want 6 (git status, touch, git diff --output, go version, Read, verdict)", len(sup))
	}
	checkFork(t, sup[0], prompt)
	// The prompt reached the model whole (not taken as a tool name by --allowedTools).
	p := promptOf(sup[0])
	for _, want := range []string{
		"independent, critical supervisor", "## Your tools", "- `Bash(git status:*)`", "- `Bash(go version:*)`",
		"<last_assistant_message>\n" + final + "\n</last_assistant_message>",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the review prompt lacks %q:\n%s", want, p)
		}
	}
	results := sup[5].ToolResults()
	if r := results[0]; r.IsError || !strings.Contains(r.ResultText(), "No commits yet") {
		t.Errorf("git status: %q (is_error %v), want the work tree status", r.ResultText(), r.IsError)
	}
	if r := results[1]; !r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal) {
		t.Errorf("touch was not refused by the read-only hook: %q", r.ResultText())
	}
	if r := results[2]; !r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal) {
		t.Errorf("git diff --output was not refused by the read-only hook: %q", r.ResultText())
	}
	for _, name := range []string{"hacked", "leak"} {
		if _, err := os.Stat(filepath.Join(sc.Project, name)); err == nil {
			t.Errorf("the reviewer created %s", name)
		}
	}
	if r := results[3]; r.IsError || !strings.Contains(r.ResultText(), "go version go") {
		t.Errorf("go version (allowed by allowed_tools): %q (is_error %v)", r.ResultText(), r.IsError)
	}
	if r := results[4]; r.IsError || !strings.Contains(r.ResultText(), "beta") {
		t.Errorf("Read: %q (is_error %v), want the notes", r.ResultText(), r.IsError)
	}

	decisions := sc.Decisions(t, session)
	if len(decisions) != 1 || decisions[0]["decision"] != "allow" {
		t.Fatalf("decisions = %v, want one allow", decisions)
	}
	d := decisions[0]
	fork, _ := d["review_session_id"].(string)
	if fork == "" || fork == session {
		t.Fatalf("review_session_id = %q, want the fork's own id", fork)
	}
	for _, field := range []string{"duration_ms", "num_turns", "input_tokens", "output_tokens"} {
		if n, _ := d[field].(float64); n <= 0 {
			t.Errorf("decision %s = %v, want > 0; decision: %v", field, d[field], d)
		}
	}
	if n, _ := d["num_turns"].(float64); n < 6 {
		t.Errorf("num_turns = %v, want at least 6", n)
	}
	if n, _ := d["permission_denials"].(float64); n != 2 {
		t.Errorf("permission_denials = %v, want 2 (touch, git diff --output)", d["permission_denials"])
	}
	var sessions []string
	_ = filepath.WalkDir(filepath.Join(sc.ConfigDir, "projects"), func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".jsonl") {
			sessions = append(sessions, filepath.Base(path))
			if strings.Contains(path, fork) {
				t.Errorf("the review left a session file: %s", path)
			}
		}
		return nil
	})
	if len(sessions) != 1 || sessions[0] != session+".jsonl" {
		t.Errorf("session files = %q, want only the agent's %s.jsonl", sessions, session)
	}

	out := sc.MustCCC(t, sc.product, "supervisor", "log", "--session", session, "--json").Stdout
	var log struct {
		Decisions []map[string]any `json:"decisions"`
		Totals    struct {
			Reviews int `json:"reviews"`
		} `json:"totals"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || log.Totals.Reviews != 1 || log.Decisions[0]["reason"] != allowed {
		t.Errorf("supervisor log --json: %v\n%s", err, out)
	}
}

// TestStopBlockCapEndsLoop: interactive, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=2 and a reviewer that
// always blocks. Exactly two reviews run; the third stop of the run is let through without a
// review, and the turn ends with the supervisor's systemMessage on screen.
func TestStopBlockCapEndsLoop(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const feedback = "Still not finished."
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(false, feedback)
		}
		// Each stop says something new, as a model's would: the same Stop bytes again within
		// seconds are one event reaching ccc-hooks twice (answered once), not a new stop.
		return Say(fmt.Sprintf("Done (%d).", feedbackTurns(r, feedback)))
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, "env", "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=2",
		sc.Claude.Path, "--session-id", session, "Finish the task.")

	term.WaitScreen(t, 90*time.Second, "blocked this stop 2 times in a row")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 3), "Stop:block", "Stop:block", "Stop:block-cap")
	// The turn is over: nothing more reaches the model or the reviewer.
	term.WaitTurnOver(t, 60*time.Second)
	if n := len(sc.api.Supervisor()); n != 2 {
		t.Errorf("supervisor requests = %d, want 2", n)
	}
	if n := len(sc.api.Agent()); n != 3 {
		t.Errorf("agent requests = %d, want 3 (two blocks, then the stop)", n)
	}
	screen := term.Screen()
	if strings.Contains(screen, "overriding and ending turn") {
		t.Errorf("Claude Code had to override a block:\n%s", screen)
	}
	if st, _ := sc.State(t, session); st.Count != 2 {
		t.Errorf("state count = %d, want 2", st.Count)
	}
}

// TestStopBlockCapFromSettings: the cap set under "env" in settings.json (where users put it)
// reaches both Claude Code and the hook: with a cap of 1 one review runs, the next stop ends the
// turn unreviewed, and doctor names the same cap and where it came from.
func TestStopBlockCapFromSettings(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(false, "Not yet.")
		}
		return Say("Done.")
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	var settings map[string]any
	if err := json.Unmarshal([]byte(sc.ReadFile(t, sc.SettingsPath())), &settings); err != nil {
		t.Fatal(err)
	}
	settings["env"] = map[string]any{"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": "1"}
	sc.WriteJSON(t, sc.SettingsPath(), settings)
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Finish the task.")

	if pr.Result != "Done." {
		t.Errorf("final result = %q, want Done.", pr.Result)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:block", "Stop:block-cap")
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor requests = %d, want 1", n)
	}
	if n := len(sc.api.Agent()); n != 2 {
		t.Errorf("agent requests = %d, want 2", n)
	}
	out := sc.CCC(t, sc.product, "doctor", "--all", "--project-dir", sc.Project).Stdout
	if want := `Claude Code blocks a stop up to 1 time in a row with no tool call between the blocks (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=1 from "env" of user settings)`; !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Errorf("doctor does not say %q:\n%s", want, out)
	}
}

// TestReviewerBudget: supervisor.max_budget_usd reaches the real claude as --max-budget-usd. A
// reviewer that wants more turns is stopped after its first one; the review fails (the Stop is
// let through as a non-blocking error) and the decision log says why and what it cost.
func TestReviewerBudget(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if !r.IsSupervisor() {
			return Say("Done.")
		}
		if len(r.ToolResults()) < 3 {
			return Call("Bash", map[string]any{"command": "ls", "description": "List files"}, "")
		}
		return Verdict(true, "ok")
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_budget_usd": 0.0000001})
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Finish the task.")

	if pr.Result != "Done." {
		t.Errorf("final result = %q, want Done.", pr.Result)
	}
	if n := len(sc.api.Supervisor()); n != 1 {
		t.Errorf("supervisor requests = %d, want 1 (the budget ends the review after its first turn)", n)
	}
	decisions := sc.Decisions(t, session)
	if len(decisions) != 1 {
		t.Fatalf("decisions = %v, want one", decisions)
	}
	d := decisions[0]
	reason, _ := d["reason"].(string)
	if d["decision"] != "failed" || !strings.Contains(reason, "spent supervisor.max_budget_usd ($0.0000001)") ||
		!strings.Contains(reason, "error_max_budget_usd") {
		t.Errorf("decision = %v, want failed naming the budget", d)
	}
	if c, _ := d["cost_usd"].(float64); c <= 0 {
		t.Errorf("cost_usd = %v, want the cost of the turn that ran", d["cost_usd"])
	}
}
