//go:build unix

package e2e

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// readOnlyRefusal is how the reviewer's read-only hook answers a call it refuses, as the model
// reads it.
const readOnlyRefusal = "The supervisor's review is read-only, so this call was refused"

// behindTheWall ends the result of a reviewer's command run behind the copy-on-write wall.
const behindTheWall = "behind a copy-on-write wall: nothing it did lasted]"

// guardAlone is the supervisor.wall of the tests of the reviewer's read-only rule: the reviewer's
// Bash commands meet the rule alone, as where the copy-on-write wall cannot stand, instead of
// running behind it (TestReviewerCommandsRunBehindTheWall tests that).
var guardAlone = map[string]any{"reviewer": false}

// TestReviewRidesTheCacheAndEditsNothing: an interactive session (tmux) whose local settings
// allow Edit, Write, Bash(rm:*) and Bash(git:*) — the agent's own rm runs without a question —
// is reviewed on Stop. The reviewer's first request extends the session's last one: the same
// tools in the same order, the same system prompt (billing header aside), the session's messages
// first, so the whole conversation is a prompt-cache hit. The reviewer then tries Write, Edit,
// `rm -f`, `git checkout .` and a subagent that runs `rm -f`: Write and Edit are refused by the
// read-only hook; the Bash commands are refused too where the copy-on-write wall cannot stand,
// and run behind it where it stands (every Bash command of the reviewer does). Either way nothing
// changes on disk, and the reviewer still gives its verdict.
func TestReviewRidesTheCacheAndEditsNothing(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const (
		prompt  = "Tidy the notes."
		done    = "Tidied the notes. Done."
		subTask = "Remove the stray file keep-me.txt."
		verdict = "Checked the notes; nothing to add."
	)
	var sc *scenario
	path := func(name string) string { return filepath.Join(sc.Project, name) }
	// The reviewer's steps, by the tool results it has seen beyond the agent's one.
	steps := []func() Reply{
		func() Reply { return Call("Read", map[string]any{"file_path": path("keep-me.txt")}, "") },
		func() Reply { return Call("Read", map[string]any{"file_path": path("notes.txt")}, "") },
		func() Reply {
			return Call("Write", map[string]any{"file_path": path("keep-me.txt"), "content": "overwritten\n"}, "")
		},
		func() Reply {
			return Call("Edit", map[string]any{"file_path": path("notes.txt"), "old_string": "alpha", "new_string": "omega"}, "")
		},
		func() Reply {
			return Call("Bash", map[string]any{"command": "rm -f keep-me.txt", "description": "Remove"}, "")
		},
		func() Reply {
			return Call("Bash", map[string]any{"command": "git checkout .", "description": "Reset"}, "")
		},
		func() Reply {
			return Call("Agent", map[string]any{
				"description": "Remove stray file", "prompt": subTask, "subagent_type": "general-purpose", "run_in_background": false,
			}, "")
		},
	}
	sc = newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			if n := len(r.ToolResults()) - 1; n < len(steps) {
				return steps[n]()
			}
			return Verdict(true, verdict)
		case r.IsSDK() && r.Contains(subTask): // the reviewer's subagent
			if len(r.ToolResults()) == 0 {
				return Call("Bash", map[string]any{"command": "rm -f keep-me.txt", "description": "Remove"}, "")
			}
			return Say("I could not remove it.")
		case r.IsAgent():
			if len(r.ToolResults()) == 0 {
				return Call("Bash", map[string]any{"command": "rm -f scratch.txt", "description": "Remove scratch"}, "")
			}
			return Say(done)
		}
		return Say("OK.")
	})
	for name, content := range map[string]string{"keep-me.txt": "keep\n", "notes.txt": "alpha\nbeta\n", "scratch.txt": "x\n"} {
		sc.WriteFile(t, path(name), content, 0o644)
	}
	git := func(args ...string) string {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		c.Dir = sc.Project
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	git("add", "keep-me.txt", "notes.txt")
	git("commit", "-qm", "start")
	sc.WriteFile(t, path(".git/info/exclude"), "scratch.txt\n", 0o644) // the agent removes it
	sc.WriteFile(t, path("notes.txt"), "alpha\nbeta\ngamma\n", 0o644)  // uncommitted work
	sc.WriteJSON(t, path(".claude/settings.local.json"), map[string]any{
		"permissions": map[string]any{"allow": []string{"Edit", "Write", "Bash(rm:*)", "Bash(git:*)"}},
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	status := git("status", "--porcelain")
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--permission-mode", "default", "--session-id", session, prompt)

	term.WaitScreen(t, 120*time.Second, done)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 1), "Stop:allow")

	if _, err := os.Stat(path("scratch.txt")); err == nil {
		t.Errorf("the agent's own rm did not run: the settings do not allow what this test needs")
	}
	for name, want := range map[string]string{"keep-me.txt": "keep\n", "notes.txt": "alpha\nbeta\ngamma\n"} {
		if got := sc.ReadFile(t, path(name)); got != want {
			t.Errorf("%s = %q after the review, want %q", name, got, want)
		}
	}
	if got := git("status", "--porcelain"); got != status {
		t.Errorf("git status after the review:\n%s\nwant:\n%s", got, status)
	}

	sup := sc.api.Supervisor()
	if len(sup) != len(steps)+1 {
		t.Fatalf("supervisor requests = %d, want %d", len(sup), len(steps)+1)
	}
	walled := wall.Probe(context.Background(), "") == nil
	results := sup[len(sup)-1].ToolResults()[1:]
	for i, name := range []string{"Write", "Edit", "rm -f", "git checkout ."} {
		r := results[2+i]
		switch {
		case walled && i >= 2:
			if r.IsError || !strings.Contains(r.ResultText(), behindTheWall) {
				t.Errorf("%s: %q (is_error %v), want it run behind the wall", name, r.ResultText(), r.IsError)
			}
		case !r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal):
			t.Errorf("%s: %q (is_error %v), want the read-only refusal", name, r.ResultText(), r.IsError)
		}
	}
	sub := sc.api.Filter(func(r *Request) bool { return r.IsSDK() && r.Contains(subTask) && !r.IsSupervisor() })
	if len(sub) != 2 {
		t.Fatalf("subagent requests = %d, want 2", len(sub))
	}
	if r, _ := sub[1].LastToolResult(); walled && (r.IsError || !strings.Contains(r.ResultText(), behindTheWall)) ||
		!walled && (!r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal)) {
		t.Errorf("the subagent's rm: %q (is_error %v), want it refused, or run behind the wall where it stands (%v)", r.ResultText(), r.IsError, walled)
	}

	last := checkReviewExtendsSession(t, sc, session, sup)
	// Where this machine has Claude Code's Bash sandbox and no wall, the reviewer's Bash ran in it
	// too, and the prompt still extends the session's (review_sandbox_test.go measures the sandbox
	// alone); where the wall stands, the reviewer gets no sandbox: its commands run behind the wall.
	sandboxed := sandboxDescriptions(sup[0]) > sandboxDescriptions(last)
	if want := !walled && reviewer.SandboxCheckOf(outside.System(io.Discard))(context.Background(), os.Getenv("PATH")).Available(); sandboxed != want {
		t.Errorf("the review's first request describes Claude Code's Bash sandbox (%q): %v, want %v (the wall stands: %v)", sandboxHeading, sandboxed, want, walled)
	}
	denials := 5.0 // Write, Edit, rm, git checkout, the subagent's rm
	if walled {
		denials = 2 // Write, Edit
	}
	if n, _ := sc.Decisions(t, session)[0]["permission_denials"].(float64); n != denials {
		t.Errorf("permission_denials = %v, want %v", n, denials)
	}
}

// checkReviewExtendsSession checks that the first review request (sup[0]) extends the session's
// last request before it, as the cache rule asks: the same tools in the same order, the
// same system prompt (billing header aside), the session's messages first, then the review
// prompt; and that the session's first decision logged it as a prompt-cache hit. It returns the
// session's last request.
func checkReviewExtendsSession(t *testing.T, sc *scenario, session string, sup []*Request) *Request {
	t.Helper()
	var last *Request
	for _, r := range sc.api.Agent() {
		if r.Seq < sup[0].Seq {
			last = r
		}
	}
	if last == nil {
		t.Fatal("no request of the session before the review")
	}
	if a, b := toolNames(last), toolNames(sup[0]); !slices.Equal(a, b) {
		t.Errorf("reviewer tools %q, want the session's %q", b, a)
	}
	p, err := ComparePrefix(last, sup[0])
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first review request against the session's last: %s", p)
	if p.Cached() != p.Total() {
		t.Errorf("the review does not extend the session's prompt: %s", p)
	}
	// The decision log shows it: the review read the session's prompt from the cache.
	d := sc.Decisions(t, session)[0]
	read, _ := d["cache_read_input_tokens"].(float64)
	written, _ := d["cache_creation_input_tokens"].(float64)
	t.Logf("review usage: cache read %v tokens, cache write %v tokens, cost $%v", read, written, d["cost_usd"])
	if read < float64(p.Total()/4) || written >= read/4 {
		t.Errorf("review cache read %v, write %v tokens; want a read of at least the session's %d and writes far below it", read, written, p.Total()/4)
	}
	if len(sup[0].Body.Messages) <= len(last.Body.Messages) {
		t.Errorf("the review has %d messages, the session %d: the review prompt is missing", len(sup[0].Body.Messages), len(last.Body.Messages))
	}
	return last
}

func toolNames(r *Request) []string {
	out := make([]string, 0, len(r.Body.Tools))
	for _, tool := range r.Body.Tools {
		out = append(out, tool.Name)
	}
	return out
}
