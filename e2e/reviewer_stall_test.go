//go:build unix

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReviewerCannotBeStalled: in the real Claude Code, through ccc-hooks' own reviewer, in a
// repository whose agent left named pipes where reads would wait (one as an .ignore, which rg
// reads on its own; not a .gitignore, which Claude Code's own git status of the session would
// wait on too), the read-only hook refuses what would wait for ever or what bash and the hook
// would read apart, and grants the reading commands a reviewer types, which answer: the review
// ends in seconds, not at its timeout.
func TestReviewerCannotBeStalled(t *testing.T) {
	t.Parallel()
	refused := []string{
		"rg -n hello",                            // dir/.ignore is a named pipe
		"cat p",                                  // a named pipe
		"wc -l -- *",                             // a glob that brings the pipe
		"cat <<'EOF'\nx\nEOF\ncat",               // the Bash tool's input, left open
		"git status # see below \\\nrm -f a.txt", // bash runs rm; the parser would not
		"git log --help",                         // the manual viewer
		"jq -n 'repeat(1)'",                      // never ends
		"sed -n 'w OUT' a.txt",                   // writes a file
	}
	granted := map[string]string{ // command: a part of its answer
		"sed -n '2p' a.txt":        "hello again",
		"jq -r .name data.json":    "ccc",
		"sort a.txt | uniq -c":     "1 hello again",
		"test -f a.txt && echo ok": "ok",
		"od -c b.txt":              "w   o   r   l   d",
	}
	var grantedOrder []string
	for c := range granted {
		grantedOrder = append(grantedOrder, c)
	}
	const final = "Done."
	sc := newScenario(t, func(r *Request) Reply {
		if !r.IsSupervisor() {
			return Say(final)
		}
		n := len(r.ToolResults())
		switch {
		case n < len(refused):
			return Call("Bash", map[string]any{"command": refused[n], "description": "Try"}, "")
		case n < len(refused)+len(grantedOrder):
			return Call("Bash", map[string]any{"command": grantedOrder[n-len(refused)], "description": "Read"}, "")
		}
		return Verdict(true, "Checked.")
	})
	sc.WriteFile(t, filepath.Join(sc.Project, "a.txt"), "hello world\nhello again\n", 0o644)
	sc.WriteFile(t, filepath.Join(sc.Project, "b.txt"), "world\n", 0o644)
	sc.WriteFile(t, filepath.Join(sc.Project, "data.json"), `{"name": "ccc"}`+"\n", 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "start"}} {
		git := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		git.Dir = sc.Project
		if out, err := git.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for _, p := range []string{"p", filepath.Join("dir", ".ignore")} {
		path := filepath.Join(sc.Project, p)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "wall": guardAlone})
	start := time.Now()
	pr := sc.agentStops(t, NewSessionID(t), "Count the lines.")
	t.Logf("the session and its review took %s", time.Since(start).Round(time.Millisecond))
	if pr.Result != final {
		t.Errorf("final result = %q, want %q", pr.Result, final)
	}
	sup := sc.api.Supervisor()
	if len(sup) == 0 {
		t.Fatal("no review")
	}
	results := sup[len(sup)-1].ToolResults()
	if len(results) != len(refused)+len(grantedOrder) {
		t.Fatalf("the reviewer's calls got %d results, want %d", len(results), len(refused)+len(grantedOrder))
	}
	for i, command := range refused {
		if r := results[i]; !r.IsError || !strings.Contains(r.ResultText(), readOnlyRefusal) {
			t.Errorf("%q was not refused by the read-only hook: %q", command, r.ResultText())
		}
	}
	for i, command := range grantedOrder {
		if r := results[len(refused)+i]; r.IsError || !strings.Contains(r.ResultText(), granted[command]) {
			t.Errorf("%q: %q (is_error %v), want %q in its answer", command, r.ResultText(), r.IsError, granted[command])
		}
	}
	if _, err := os.Stat(filepath.Join(sc.Project, "a.txt")); err != nil {
		t.Errorf("the reviewer deleted a.txt: %v", err)
	}
	if _, err := os.Stat(filepath.Join(sc.Project, "OUT")); err == nil {
		t.Error("the reviewer wrote OUT")
	}
}

// TestBashToolBounds measures what the reviewer's read-only rule relies on (docs/claude-code.md,
// "A Bash call past its timeout" and "How the Bash tool hands a command to bash"), with the
// Bash tool's timeout at 3 seconds: a PreToolUse hook that answers allow with an updatedInput
// sets the call's timeout (1 second here) and replaces its command, even with one that
// --permission-mode dontAsk and the rules would refuse (touch): an allow skips Claude Code's own
// checks. A command whose first word is sleep is ended at its timeout; one that waits otherwise
// (cat on the tool's standard input, left open under a here-document) is moved to the background
// instead.
func TestBashToolBounds(t *testing.T) {
	t.Parallel()
	calls := []string{"sleep 8 && echo slept", "cat <<'EOF'\nx\nEOF\ncat", "echo unchanged", "echo allowed"}
	sc := newScenario(t, func(r *Request) Reply {
		if n := len(r.ToolResults()); n < len(calls) {
			return Call("Bash", map[string]any{"command": calls[n], "description": "Try"}, "")
		}
		return Say("Done.")
	})
	hook := filepath.Join(sc.Bin, "rewrite")
	made := filepath.Join(sc.Project, "made-by-hook")
	sc.WriteFile(t, hook, `#!/bin/sh
input=$(cat)
answer() { printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":%s}}\n' "$1"; }
case $input in
*sleep*) answer '{"command":"sleep 8 \u0026\u0026 echo slept","timeout":1000}' ;;
*unchanged*) answer '{"command":"touch `+made+`"}' ;;
*allowed*) answer '{"command":"echo REWRITTEN"}' ;;
esac
`, 0o755)
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": hook}},
	}}}})
	c := exec.Command(sc.Claude.Path, "-p", "--permission-mode", "dontAsk",
		"--allowedTools", "Bash(sleep:*),Bash(cat:*),Bash(echo:*)", "--output-format", "json", "--", "Go.")
	c.Dir = sc.Project
	c.Env = append(sc.Env(), "BASH_DEFAULT_TIMEOUT_MS=3000", "BASH_MAX_TIMEOUT_MS=3000")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	// claude -p waits for the command moved to the background (10 minutes, docs/claude-code.md):
	// the results are read once the model has had them all, and the session is then killed.
	defer func() { _ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL); _ = c.Wait() }()
	var results []ContentBlock
	latest := func() []ContentBlock {
		var out []ContentBlock
		for _, r := range sc.api.Agent() {
			if rs := r.ToolResults(); len(rs) > len(out) {
				out = rs
			}
		}
		return out
	}
	Eventually(t, 2*time.Minute, "the results of every call", func() bool {
		results = latest()
		return len(results) == len(calls)
	}, sc.api.Timeline)
	for i, r := range results {
		t.Logf("%q: %q", calls[i], r.ResultText())
	}
	if r := results[0].ResultText(); !strings.Contains(r, "timed out after 1s") || strings.Contains(r, "slept") {
		t.Errorf("sleep past the timeout: %q, want it ended at the hook's timeout of 1s", r)
	}
	if r := results[1].ResultText(); !strings.Contains(r, "moved to the background") {
		t.Errorf("cat on the open standard input: %q, want it moved to the background", r)
	}
	if r := results[2].ResultText(); strings.Contains(r, "unchanged") {
		t.Errorf("a rewrite to a call the rules refuse: %q, want the hook's command run", r)
	}
	if _, err := os.Stat(made); err != nil {
		t.Errorf("the hook's rewrite to touch, allowed by the hook alone, did not run: %v", err)
	}
	if r := results[3].ResultText(); !strings.Contains(r, "REWRITTEN") {
		t.Errorf("a rewrite to a call the rules allow: %q, want it run", r)
	}
}
