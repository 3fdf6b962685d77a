//go:build unix

package e2e

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Claude Code's cap on Stop blocks in a row, as these tests set it.
const testBlockCap = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=3"

// capFeedback is the reviewer's feedback in the supervisor's cap scenario.
const capFeedback = "Not finished: check the error path."

// lastIsToolResult reports whether the newest message of r is a tool result: the agent has just
// called a tool.
func lastIsToolResult(r *Request) bool {
	msgs := r.Body.Messages
	if len(msgs) == 0 {
		return false
	}
	for _, b := range msgs[len(msgs)-1].Content {
		if b.Type == "tool_result" {
			return true
		}
	}
	return false
}

// worker is an agent that answers every turn with the same words; with read set, it first reads
// file after each block whose reason contains blocked (a tool call, as an agent that goes back to
// work does).
func worker(words string, read bool, file, blocked string) func(r *Request) Reply {
	return func(r *Request) Reply {
		if read && !lastIsToolResult(r) && feedbackTurns(r, blocked) > 0 {
			return Call("Read", map[string]any{"file_path": file}, "")
		}
		return Say(words)
	}
}

// TestSupervisorBlockCapCountsLikeClaude: interactive, Claude Code's cap at 3 and max_iterations
// 20, a reviewer that blocks five times and then allows. Claude Code counts only blocks with no
// tool call between them: an agent that reads a file after each block has all five blocks
// honoured, and every stop is reviewed (six reviews) — before, the supervisor stopped reviewing
// at the cap. An agent that answers in words only reaches the cap: three reviews, and the
// fourth stop is let through unreviewed with the supervisor's systemMessage on screen, before
// Claude Code has to override anything. Its stops are byte-identical ("Done." each time), and
// every one of them is answered.
func TestSupervisorBlockCapCountsLikeClaude(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	for _, tc := range []struct {
		name    string
		read    bool
		reviews int
		trail   []string
	}{
		{"a tool call after each block", true, 6, []string{"Stop:block", "Stop:block", "Stop:block", "Stop:block", "Stop:block", "Stop:allow"}},
		{"words only", false, 3, []string{"Stop:block", "Stop:block", "Stop:block", "Stop:block-cap"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var reviews atomic.Int32
			var file string
			agent := func(r *Request) Reply { return worker("Done.", tc.read, file, capFeedback)(r) }
			sc := newScenario(t, func(r *Request) Reply {
				if r.IsSupervisor() {
					if reviews.Add(1) <= 5 {
						return Verdict(false, capFeedback)
					}
					return Verdict(true, "Finished.")
				}
				return agent(r)
			})
			file = filepath.Join(sc.Project, "main.go")
			sc.WriteFile(t, file, "package main\n", 0o644)
			sc.Install(t, sc.product)
			sc.EnableSupervisor(t, sc.product)
			session := NewSessionID(t)
			term := sc.StartTerminal(t, tmux, "env", testBlockCap, sc.Claude.Path, "--session-id", session,
				"--permission-mode", "default", "Finish the task.")

			checkTrail(t, waitDecisions(t, sc.Sandbox, session, len(tc.trail)), tc.trail...)
			if !tc.read {
				term.WaitScreen(t, 30*time.Second, "blocked this stop 3 times in a row")
			}
			term.WaitTurnOver(t, 60*time.Second) // nothing more happens
			if n := len(sc.api.Supervisor()); n != tc.reviews {
				t.Errorf("supervisor requests = %d, want %d (one per review)", n, tc.reviews)
			}
			if got := len(decisionTrail(t, sc.Sandbox, session)); got != len(tc.trail) {
				t.Errorf("decisions = %d, want %d", got, len(tc.trail))
			}
			if screen := term.Screen(); strings.Contains(screen, "overriding and ending turn") {
				t.Errorf("Claude Code had to override a block:\n%s", screen)
			}
		})
	}
}

// TestSupervisorAnswersRepeatedWords: interactive, a fast agent that answers every block with the
// same words ("Done."), so its second and third Stops are byte-identical to each other and come
// a fraction of a second apart; the reviewer blocks twice, then allows. All three stops are
// reviewed and the turn ends on the allow.
func TestSupervisorAnswersRepeatedWords(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	var reviews atomic.Int32
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			if reviews.Add(1) <= 2 {
				return Verdict(false, "Still verifying the login fix; please confirm.")
			}
			return Verdict(true, "Verified.")
		}
		return Say("Done.")
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, "Fix the login bug.")

	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 3), "Stop:block", "Stop:block", "Stop:allow")
	if n := len(sc.api.Agent()); n != 3 {
		t.Errorf("agent requests = %d, want 3 (the prompt and one after each block)", n)
	}
	if st, _ := sc.State(t, session); st.Count != 3 {
		t.Errorf("state count = %d, want 3", st.Count)
	}
}

// workflowCapCases are the workflow's runs of blocks at Claude Code's cap of 3 and workflow.max_iterations
// 5: with a tool call after each block, five blocks and the stop let through at workflow.max_iterations;
// in words only, three and the stop let through at Claude Code's cap.
var workflowCapCases = []struct {
	name   string
	read   bool
	blocks int
	cap    string
}{
	{"a tool call after each block", true, 5, "(cap 5, workflow.max_iterations)"},
	{"words only", false, 3, "(cap 3, Claude Code's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP)"},
}

// startCapSession starts interactive Claude Code with the workflow installed in the user scope,
// Claude Code's cap at 3 (testBlockCap) and workflow.max_iterations 5. agent is the fake model, given a
// source file of the project it may read.
func startCapSession(t *testing.T, tmux string, agent func(file string) Script) (*scenario, *Terminal) {
	t.Helper()
	var file string
	sc := newScenario(t, func(r *Request) Reply { return agent(file)(r) })
	file = filepath.Join(sc.Project, "login.go")
	sc.WriteFile(t, file, "package login\n", 0o644)
	sc.MustCCC(t, sc.product, "install", "--profile", "workflow", "--yes")
	sc.WriteWorkflowConfig(t, map[string]any{"max_iterations": 5})
	term := sc.StartTerminal(t, tmux, "env", testBlockCap, sc.Claude.Path, "--session-id", NewSessionID(t), "--permission-mode", "default")
	term.WaitScreen(t, 60*time.Second, "? for shortcuts")
	return sc, term
}

// TestWorkflowBlockCapCountsLikeClaude: interactive, the workflow with Claude Code's cap at 3 and
// workflow.max_iterations 5; `/mc fix the login bug` typed. An agent that reads a file after each block
// is blocked five times (workflow.max_iterations), and the sixth stop is let through naming that cap; one
// that answers in words only is blocked three times, and the fourth is let through naming
// Claude Code's cap. Claude Code never overrides.
func TestWorkflowBlockCapCountsLikeClaude(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	for _, tc := range workflowCapCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc, term := startCapSession(t, tmux, func(file string) Script { return worker(agentAsksToConfirm, tc.read, file, "is not finished") })
			typeLine(t, term, mcPrompt)
			task := waitTask(t, sc, "the blocks and the stop let through", func(m taskMeta) bool {
				return len(m.FailureHistory) == tc.blocks+1
			})
			if last := task.FailureHistory[tc.blocks].Reason; task.FailureCount != tc.blocks || !strings.Contains(last, tc.cap) {
				t.Errorf("failure_count %d, last reason %q; want %d blocks, then the stop let through %s", task.FailureCount, last, tc.blocks, tc.cap)
			}
			term.WaitScreen(t, 30*time.Second, "is not confirmed, but the stop was already blocked")
			if screen := term.Screen(); strings.Contains(screen, "overriding and ending turn") {
				t.Errorf("Claude Code had to override a block:\n%s", screen)
			}
		})
	}
}

// TestWorkflowReviewBlockCapCountsLikeClaude: interactive, the workflow's SubagentStop gate with
// Claude Code's cap at 3 and workflow.max_iterations 5. `/mc-review` typed starts the review subagent in
// the background; it scores 5/10 each time and is sent back. A reviewer that reads a file after
// each block is sent back five times (workflow.max_iterations) — Claude Code honours every one — and then
// let through; one that answers in words only is sent back three times, then let through at
// Claude Code's cap. The task records which cap it was.
func TestWorkflowReviewBlockCapCountsLikeClaude(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	for _, tc := range workflowCapCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc, term := startCapSession(t, tmux, func(file string) Script {
				return func(r *Request) Reply {
					last := lastUserText(r)
					switch {
					case r.IsAgent() && isReviewer(r):
						if tc.read && !lastIsToolResult(r) && strings.Contains(last, "is below the required 8/10") {
							return Call("Read", map[string]any{"file_path": file}, "")
						}
						return Say("Missing: a test for an empty password.\nScore: 5/10")
					case r.IsAgent() && strings.Contains(last, "Start an expert review of the current workflow task"):
						return Call("Agent", map[string]any{
							"description": "expert review", "subagent_type": "general-purpose", "prompt": reviewPrompt,
						}, "")
					}
					return Say(agentWaits)
				}
			})
			typeLine(t, term, mcPrompt)
			waitTask(t, sc, "the task opened", func(m taskMeta) bool { return m.TaskID != "" })
			typeLine(t, term, "/mc-review")

			task := waitTask(t, sc, "the review let through at a cap", func(m taskMeta) bool {
				for _, f := range m.FailureHistory {
					if strings.Contains(f.Reason, "review block cap reached") {
						return true
					}
				}
				return false
			})
			var capped string
			for _, f := range task.FailureHistory {
				if strings.Contains(f.Reason, "review block cap reached") {
					capped = f.Reason
				}
			}
			if !strings.Contains(capped, tc.cap) {
				t.Errorf("review let through with %q, want %s", capped, tc.cap)
			}
			sentBack := len(sc.api.Filter(func(r *Request) bool {
				return r.IsAgent() && isReviewer(r) && !lastIsToolResult(r) && strings.Contains(lastUserText(r), "is below the required 8/10")
			}))
			if sentBack != tc.blocks {
				t.Errorf("the reviewer was sent back %d times, want %d (each block honoured by Claude Code)", sentBack, tc.blocks)
			}
		})
	}
}
