//go:build unix

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// The project of TestChecksAreTheReviewersEvidence: a test script that fails until parser.txt
// says 2, and that first tries to leave traces everywhere it can.
const (
	checkCommand = "sh check.sh"
	checkFailure = `--- FAIL: TestParse: parse("1+1") = 3, want 2`
	checkScript  = `echo junk > build.out; rm -f notes.txt; echo junk > .git/junk; echo junk > "$HOME/junk"; echo junk > /tmp/ccc-e2e-junk
if [ "$(cat parser.txt)" = 2 ]; then echo "ok   parser  0.01s"; exit 0; fi
echo "=== RUN   TestParse"
echo '` + checkFailure + `'
echo FAIL
exit 1
`
)

// TestChecksAreTheReviewersEvidence, typed into the interactive client: the agent says "All tests
// pass" while the project's check fails. The hook runs the check behind the wall before the
// review; the reviewer (scripted to judge by the evidence it is given) blocks with the failing
// check's lines, which reach the agent. The agent fixes the file; at its next stop the check runs
// again on the changed tree, passes, and the stop is allowed. The fork's first request still
// extends the session's last one (the prompt cache), and nothing the check wrote or removed is
// there afterwards.
func TestChecksAreTheReviewersEvidence(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	RequireWall(t)
	const (
		prompt  = "Fix the parser."
		claimed = "Fixed the parser. All tests pass."
		fixed   = "Fixed the off-by-one for real. All tests pass now."
	)
	var sc *scenario
	sc = newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			// A reviewer that weighs the checks over the agent's words.
			p := promptOf(r)
			if i := strings.Index(p, checkFailure); i >= 0 && strings.Contains(p, "exit status 1 (failed)") {
				return Verdict(false, "The check `"+checkCommand+"` fails, whatever the agent says: "+checkFailure)
			}
			if strings.Contains(p, "### `"+checkCommand+"`: exit status 0 (passed)") {
				return Verdict(true, "The check passes now.")
			}
			return Verdict(false, "No evidence of the checks in the prompt.")
		case r.IsAgent() && r.Contains(checkFailure):
			if len(r.ToolResults()) == 0 {
				return Call("Write", map[string]any{"file_path": filepath.Join(sc.Project, "parser.txt"), "content": "2\n"}, "")
			}
			return Say(fixed)
		case r.IsAgent():
			return Say(claimed)
		}
		return Say("OK.")
	})
	files := map[string]string{"check.sh": checkScript, "parser.txt": "3\n", "notes.txt": "the user's notes\n"}
	for name, content := range files {
		sc.WriteFile(t, filepath.Join(sc.Project, name), content, 0o644)
	}
	gitIn(t, sc.Project, "init", "-q")
	gitIn(t, sc.Project, "add", "-A")
	gitIn(t, sc.Project, "commit", "-qm", "start")
	sc.WriteJSON(t, filepath.Join(sc.Project, ".claude", "settings.local.json"), map[string]any{
		"permissions": map[string]any{"allow": []string{"Write"}},
	})
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "checks": []any{checkCommand}})
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--permission-mode", "default", "--session-id", session, prompt)

	screen := term.WaitScreen(t, 180*time.Second, fixed)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "Stop:block", "Stop:allow")
	t.Logf("screen:\n%s", screen)

	sup := sc.api.Supervisor()
	if len(sup) != 2 {
		t.Fatalf("supervisor requests = %d, want 2", len(sup))
	}
	first := promptOf(sup[0])
	for _, want := range []string{
		"### `" + checkCommand + "`: exit status 1 (failed) after", checkFailure + "\nFAIL\n```",
		"weigh the checks and the repository over the agent's words", claimed,
	} {
		if !strings.Contains(first, want) {
			t.Errorf("the first review's prompt lacks %q:\n%s", want, first)
		}
	}
	if second := promptOf(sup[1]); !strings.Contains(second, "### `"+checkCommand+"`: exit status 0 (passed)") || strings.Contains(second, "; the same result as") {
		t.Errorf("the second review did not see the check run again on the changed tree:\n%s", second)
	}
	agent := sc.api.Agent()
	var sawFeedback bool
	for _, r := range agent {
		sawFeedback = sawFeedback || r.Contains("fails, whatever the agent says: "+checkFailure)
	}
	if !sawFeedback {
		t.Errorf("the block's feedback with the failing check's line never reached the agent")
	}
	decisions := sc.Decisions(t, session)
	for i, want := range []string{"failed", "passed"} {
		logged, _ := decisions[i]["checks"].([]any)
		if len(logged) != 1 || logged[0].(map[string]any)["outcome"] != want {
			t.Errorf("decision %d logged checks %v, want one %s", i, decisions[i]["checks"], want)
		}
	}
	checkReviewExtendsSession(t, sc, session, sup)

	// Nothing the check did lasted: the notes it removed, the files it wrote.
	if got := sc.ReadFile(t, filepath.Join(sc.Project, "notes.txt")); got != files["notes.txt"] {
		t.Errorf("notes.txt = %q after the checks", got)
	}
	for _, junk := range []string{filepath.Join(sc.Project, "build.out"), filepath.Join(sc.Project, ".git", "junk"), filepath.Join(sc.Home, "junk"), "/tmp/ccc-e2e-junk"} {
		if _, err := os.Lstat(junk); err == nil {
			t.Errorf("%s, written by the check, outlived it", junk)
		}
	}
}

// gitIn runs git in dir with a name and address of its own, failing the test on an error.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	c := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	c.Dir = dir
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestReviewerCommandsRunBehindTheWall: where the wall stands, every Bash command of the reviewer
// runs behind it (the read-only hook allows it and gives Claude Code `ccc-hooks supervisor checks
// --run COMMAND` instead): commands the read-only rule refuses — a write, a check with a removal
// after it, `go test ./...`, `git status` (which writes .git/index) — run, the reviewer reads
// their output and exit status, and nothing of the user's changes: not the work tree, not a byte
// of .git. The prompt says so, and the review still extends the session's prompt (the cache).
func TestReviewerCommandsRunBehindTheWall(t *testing.T) {
	t.Parallel()
	RequireWall(t)
	goBin, err := exec.LookPath("go")
	if err != nil {
		missing(t, "go is not installed: %v", err)
	}
	const (
		prompt = "Fix the parser."
		done   = "Fixed the parser. All tests pass."
	)
	calls := []string{
		"touch x && ls x",
		checkCommand + "; rm -f notes.txt; ls notes.txt",
		filepath.Dir(goBin) + "/go test ./...",
		"git status --short && ls -l .git/index",
	}
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor():
			if n := len(r.ToolResults()); n < len(calls) {
				return Call("Bash", map[string]any{"command": calls[n], "description": "Look"}, "")
			}
			return Verdict(false, "Ran the tests myself; they fail.")
		case r.IsAgent() && r.Contains("Ran the tests myself"):
			return Say("I will look again.")
		}
		return Say(done)
	})
	files := map[string]string{
		"check.sh": checkScript, "parser.txt": "3\n", "notes.txt": "the user's notes\n",
		"go.mod":         "module example.com/parser\n\ngo 1.22\n",
		"parser_test.go": "package parser\n\nimport \"testing\"\n\nfunc TestParse(t *testing.T) { t.Fatal(\"parse(1+1) = 3, want 2\") }\n",
	}
	for name, content := range files {
		sc.WriteFile(t, filepath.Join(sc.Project, name), content, 0o644)
	}
	gitIn(t, sc.Project, "init", "-q")
	gitIn(t, sc.Project, "add", "-A")
	gitIn(t, sc.Project, "commit", "-qm", "start")
	sc.WriteFile(t, filepath.Join(sc.Project, "parser.txt"), "2\n", 0o644) // a change git status finds
	gitIn(t, sc.Project, "status", "--short")                              // the index refreshed: Claude Code's own git status leaves it be
	// The build cache in the home directory filled once, as a developer's is: the wall shows it,
	// and the reviewer's `go test` only links and runs. The test fails, as it will behind the wall.
	warm := exec.Command(goBin, "test", "./...")
	warm.Dir, warm.Env = sc.Project, sc.Env()
	_ = warm.Run()
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_iterations": 1, "checks": []any{checkCommand}})
	before := testfs.Snapshot(t, sc.Project)
	session := NewSessionID(t)
	sc.agentStops(t, session, prompt)

	sup := sc.api.Supervisor()
	if len(sup) != len(calls)+1 {
		t.Fatalf("supervisor requests = %d, want %d", len(sup), len(calls)+1)
	}
	if p := promptOf(sup[0]); !strings.Contains(p, "every Bash command runs behind ccc-hooks' copy-on-write wall") ||
		!strings.Contains(p, "Each command starts from the real tree as it is now") {
		t.Errorf("the prompt does not say that the reviewer's commands run behind the wall:\n%s", p)
	}
	results := sup[len(sup)-1].ToolResults()
	if len(results) < len(calls) {
		t.Fatalf("tool results %v", results)
	}
	results = results[len(results)-len(calls):]
	for i, want := range [][]string{
		{"x\n", "[ccc-hooks: exit status 0 (passed) after", "behind a copy-on-write wall: nothing it did lasted]"},
		{"ok   parser", "ls: cannot access 'notes.txt'", "[ccc-hooks: exit status 2 (failed) after"},
		{"--- FAIL: TestParse", "parse(1+1) = 3, want 2", "[ccc-hooks: exit status 1 (failed) after"},
		{" M parser.txt", ".git/index", "[ccc-hooks: exit status 0 (passed) after"},
	} {
		got := results[i].ResultText()
		t.Logf("the reviewer's %q:\n%s", calls[i], got)
		for _, w := range want {
			if results[i].IsError && i != 1 && i != 2 || !strings.Contains(got, w) {
				t.Errorf("the reviewer's %q lacks %q (is_error %v): %q", calls[i], w, results[i].IsError, got)
			}
		}
	}
	if diff := cmp.Diff(before, testfs.Snapshot(t, sc.Project)); diff != "" {
		t.Errorf("the reviewer's commands changed the project, .git included (-before +after):\n%s", diff)
	}
	checkReviewExtendsSession(t, sc, session, sup)
}
