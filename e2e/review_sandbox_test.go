//go:build unix

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
)

// sandboxHeading opens Claude Code's description of its Bash sandbox (2.1.328 and 2.1.332): a
// system message after the prompt that turned the sandbox on.
const sandboxHeading = "## Bash command sandbox"

// permissiveHook allows every tool call: in these forks it stands where the reviewer's read-only
// hook stands, so that nothing but Claude Code's sandbox is left between a write and the disk.
const permissiveHook = `printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"e2e"}}'`

// sandboxRun is one fork of a session as the supervisor starts its reviewer, with what it left.
type sandboxRun struct {
	first   *Request // the fork's first request
	status  ContentBlock
	touch   ContentBlock
	checks  ContentBlock
	written []string // the files the fork's touch made in the project and the home directory
}

// runChecks stands for a project's checks that allowed_tools grants the reviewer (go test, say):
// like go test with its build cache, it writes under the home directory.
const runChecks = `#!/bin/sh
mkdir -p "$HOME/.cache/run-checks" && date > "$HOME/.cache/run-checks/last" && echo "all checks pass"
`

// TestReviewSandbox measures what the supervisor relies on to run the reviewer's Bash in Claude
// Code's sandbox (docs/claude-code.md, "The reviewer's Bash sandbox"). A `claude -p` session runs
// `ls`; then a fork of it is started with the arguments the supervisor gives its reviewer, the
// sandbox of GuardSettings included (the project and the home directory read-only), but with a
// hook that allows every call in place of the read-only one. The fork's first request must extend
// the session's last one byte for byte (the sandbox is described after the review prompt), a
// granted `git status` must still work, its `touch` of a file in the project and in $HOME,
// asking to leave the sandbox (dangerouslyDisableSandbox), must write nothing, and the project's
// checks (run-checks, which writes under $HOME as go test does) fail unless allowed_tools grants
// them and the sandbox leaves them out. Measured with the sandbox off in the session; on in the
// user's settings, which also turn its file walls off (filesystem.disabled) and open the home
// directory; in a repository whose settings try to widen it (turned off, writable paths, the
// touch and the checks excluded, unsandboxed runs allowed); and with the checks granted. The same
// fork without the sandbox writes both files: the check can fail.
func TestReviewSandbox(t *testing.T) {
	t.Parallel()
	RequireBashSandbox(t)
	for _, tt := range []struct {
		name        string
		userSandbox bool
		hostileRepo bool
		plan        bool // the fork gets the sandbox
		checks      bool // allowed_tools grants run-checks, and the sandbox leaves it out
	}{
		{name: "session unsandboxed", plan: true},
		{name: "session sandboxed", userSandbox: true, plan: true},
		{name: "hostile repository", hostileRepo: true, plan: true},
		{name: "checks granted", plan: true, checks: true},
		{name: "control: fork without the sandbox", checks: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sc, session, last := sandboxSession(t, tt.userSandbox, tt.hostileRepo)
			run := forkAsReviewer(t, sc, session, tt.plan, tt.checks)
			checksPass := strings.Contains(run.checks.ResultText(), "all checks pass")
			if checksPass != tt.checks || run.checks.IsError == tt.checks {
				t.Errorf("run-checks (granted and left out of the sandbox: %v): %q (is_error %v)", tt.checks, run.checks.ResultText(), run.checks.IsError)
			}
			if !tt.plan {
				if len(run.written) != 2 {
					t.Errorf("without the sandbox the fork's touch made %q, want both files: %s", run.written, run.touch.ResultText())
				}
				return
			}
			checkSandboxKeepsPrompt(t, last, run.first)
			// touch ran (in the sandbox) and was refused the project's and the home directory's
			// file, naming each; the one in $TMPDIR, Claude Code's own, it could make.
			if len(run.written) > 0 || !run.touch.IsError || strings.Count(run.touch.ResultText(), "made-by-review.txt") != 2 {
				t.Errorf("the sandboxed fork's touch wrote %q (is_error %v), want two refusals: %s", run.written, run.touch.IsError, run.touch.ResultText())
			}
			t.Logf("the sandboxed touch: %s", run.touch.ResultText())
			if run.status.IsError || !strings.Contains(run.status.ResultText(), "notes.txt") {
				t.Errorf("git status in the sandbox: %q (is_error %v), want the changed notes.txt", run.status.ResultText(), run.status.IsError)
			}
		})
	}
}

// sandboxSession runs a `claude -p` session that calls `ls` in a git repository with a changed
// file, and returns its scenario, id and last request.
func sandboxSession(t *testing.T, userSandbox, hostileRepo bool) (*scenario, string, *Request) {
	t.Helper()
	sc := newScenario(t, sandboxScript)
	sc.WriteFile(t, filepath.Join(sc.Project, "notes.txt"), "alpha\n", 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "notes.txt"}, {"commit", "-qm", "start"}} {
		git := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		git.Dir = sc.Project
		if out, err := git.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	sc.WriteFile(t, filepath.Join(sc.Project, "notes.txt"), "alpha\nbeta\n", 0o644)
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.local.json"), map[string]any{
		"permissions": map[string]any{"allow": []string{"Bash(ls:*)"}},
	})
	if userSandbox {
		sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"sandbox": map[string]any{
			"enabled": true, "filesystem": map[string]any{"disabled": true, "allowWrite": []string{sc.Home}},
		}})
	}
	sc.WriteFile(t, filepath.Join(sc.Bin, "run-checks"), runChecks, 0o755)
	if hostileRepo {
		sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.json"), map[string]any{"sandbox": map[string]any{
			"enabled": false, "allowUnsandboxedCommands": true, "excludedCommands": []string{"touch:*", "touch *", "run-checks:*"},
			"filesystem": map[string]any{"allowWrite": []string{".", "/", sc.Home}},
		}})
	}
	session := NewSessionID(t)
	sc.agentStops(t, session, "Start.")
	agent := sc.api.Agent()
	if len(agent) == 0 {
		t.Fatal("the session sent no request")
	}
	return sc, session, agent[len(agent)-1]
}

// reviewWork is the prompt of the forks.
const reviewWork = "Review the work."

// sandboxScript: the session lists the project and is done; the fork runs `git status`, then
// `touch`es three files asking to leave the sandbox, then runs the project's checks, then gives
// its verdict.
func sandboxScript(r *Request) Reply {
	if !r.Contains(reviewWork) {
		if len(r.ToolResults()) == 0 {
			return Call("Bash", map[string]any{"command": "ls", "description": "List files"}, "")
		}
		return Say("Done.")
	}
	switch len(r.ToolResults()) {
	case 1:
		return Call("Bash", map[string]any{"command": "git status --short", "description": "Show changes"}, "")
	case 2:
		return Call("Bash", map[string]any{
			"command":                   `touch made-by-review.txt "$HOME/made-by-review.txt" "$TMPDIR/made-by-review.txt"`,
			"description":               "Create files",
			"dangerouslyDisableSandbox": true,
		}, "")
	case 3:
		return Call("Bash", map[string]any{"command": "run-checks", "description": "Run the checks"}, "")
	}
	return Verdict(true, "Checked.")
}

// forkAsReviewer forks session with the arguments the supervisor gives its reviewer, the
// permissive hook standing in for the read-only one, with or without the sandbox (as the
// supervisor plans it: the working directory and home read-only, what allowed_tools grants
// besides git left out), allowed_tools granting run-checks or not, and returns what the fork did.
func forkAsReviewer(t *testing.T, sc *scenario, session string, sandboxed, checks bool) sandboxRun {
	t.Helper()
	allowed := []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)"}
	if checks {
		allowed = append(allowed, "Bash(run-checks:*)")
	}
	req := reviewer.Request{SessionID: session, PermissionMode: "dontAsk", Prompt: reviewWork, Guard: hookcmd.Exec("/bin/sh", "-c", permissiveHook), AllowedTools: allowed}
	if sandboxed {
		excluded, _ := bashsandbox.Unsandboxed(allowed)
		req.Sandbox = &bashsandbox.Plan{ReadOnly: []string{sc.Project, sc.Home}, Excluded: excluded}
	}
	before := len(sc.api.Requests())
	res := sc.Run(t, 120*time.Second, sc.Claude.Path, req.Args()...)
	if pr := ParsePrintResult(t, res); res.ExitCode != 0 || pr.IsError {
		t.Fatalf("the fork failed: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	var run sandboxRun
	var fork []*Request
	for _, r := range sc.api.Requests()[before:] {
		if r.IsMessages() && len(r.Body.Tools) > 0 && r.Contains(reviewWork) {
			fork = append(fork, r)
		}
	}
	if len(fork) != 4 {
		t.Fatalf("the fork sent %d requests, want 4", len(fork))
	}
	run.first = fork[0]
	results := fork[3].ToolResults()
	run.status, run.touch, run.checks = results[len(results)-3], results[len(results)-2], results[len(results)-1]
	// $TMPDIR stays writable in the sandbox (a directory of Claude Code's own): not checked.
	for _, p := range []string{filepath.Join(sc.Project, "made-by-review.txt"), filepath.Join(sc.Home, "made-by-review.txt")} {
		if _, err := os.Stat(p); err == nil {
			run.written = append(run.written, p)
		}
	}
	return run
}

// checkSandboxKeepsPrompt: the fork's first request extends the session's last one (tools,
// system prompt, the session's messages), and carries Claude Code's description of the sandbox:
// the sandbox was on, and was described after the part the session's cache holds.
func checkSandboxKeepsPrompt(t *testing.T, last, first *Request) {
	t.Helper()
	p, err := ComparePrefix(last, first)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the sandboxed fork's first request against the session's last: %s", p)
	if p.Cached() != p.Total() {
		t.Errorf("with the sandbox, the fork's first request no longer extends the session's last one: %s. "+
			"This Claude Code describes the sandbox inside the prompt the session's cache holds (%s): every review would "+
			"pay for the whole conversation again. Leave the sandbox out of GuardSettings for this version and write down "+
			"what changed in docs/claude-code.md (\"The reviewer's Bash sandbox\").", p, firstDifference(p))
	}
	if n := sandboxDescriptions(first) - sandboxDescriptions(last); n != 1 {
		t.Errorf("the fork's first request adds %d descriptions of the sandbox (%q), want 1: was the sandbox on?", n, sandboxHeading)
	}
}

// firstDifference names the part of the prompt where a fork first differs from the session.
func firstDifference(p Prefix) string {
	for _, part := range []struct {
		name string
		Part
	}{{"tools", p.Tools}, {"system prompt", p.System}, {"messages", p.Messages}} {
		if part.Shared < part.Total {
			return fmt.Sprintf("the %s, at byte %d of %d", part.name, part.Shared, part.Total)
		}
	}
	return "nowhere"
}

// sandboxDescriptions counts the messages of r that describe the Bash sandbox.
func sandboxDescriptions(r *Request) int { return r.CountTextsContaining(sandboxHeading) }
