package supervisor

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// fakeWall stands in for the copy-on-write wall (proven in packages wall and checks): it runs
// nothing, answers each command from results, and records what it was asked.
type fakeWall struct {
	mu      sync.Mutex
	results map[string]wall.Result
	ran     []wall.Spec
}

func (f *fakeWall) run(_ context.Context, s wall.Spec) (wall.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ran = append(f.ran, s)
	return f.results[s.Command], nil
}

func (f *fakeWall) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.ran)
}

// checksEnv is a session with two checks, one failing, in a project of its own, and a reviewer
// that keeps its prompt in the returned file; extra are more keys of the supervisor's settings.
func checksEnv(t *testing.T, extra string) (*hooktest.Env, *fakeWall, string, string) {
	t.Helper()
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	prompt := filepath.Join(dir, "prompt.txt")
	e := hooktest.New(t, `{"supervisor":{"checks":["go test ./...",{"command":"make lint","timeout_seconds":60}]`+extra+`}}`,
		`for a; do last="$a"; done; printf '%s' "$last" > '`+prompt+`'`+"\n"+hooktest.ReviewScript(false, "the tests fail"))
	e.Write(filepath.Join(project, "main.go"), "package main\n", 0o644)
	w := &fakeWall{results: map[string]wall.Result{
		"go test ./...": {ExitCode: 1, Output: []byte("ok  \tx/a\n--- FAIL: TestParse (0.01s)\n    parse_test.go:12: got 2, want 3\nFAIL\n"), Ran: 4200 * time.Millisecond, Setup: 20 * time.Millisecond},
		"make lint":     {ExitCode: 0, Output: []byte("0 issues.\n"), Ran: 1500 * time.Millisecond},
	}}
	return e, w, project, prompt
}

func optsWithWall(e *hooktest.Env, w *fakeWall) Options {
	o := optsOf(e)
	o.Review.Wall = w.run
	return o
}

// TestStopReviewHasTheChecksAsEvidence: before a Stop review each check runs behind the wall in
// the event's cwd; the prompt carries each command, its exit status, duration and last lines and
// asks the reviewer to weigh them over the agent's words; the user's line says how they ended;
// the decision log keeps each one's outcome and time.
func TestStopReviewHasTheChecksAsEvidence(t *testing.T) {
	e, w, project, prompt := checksEnv(t, `,"enabled":true`)
	ev := hooktest.Stop("s1")
	ev.CWD = project
	ev.LastAssistantMessage = "All tests pass."
	out, err := run(context.Background(), ev, optsWithWall(e, w))
	if err != nil {
		t.Fatal(err)
	}
	if w.count() != 2 || w.ran[0].Dir != project || w.ran[0].Project != project || w.ran[1].Timeout != time.Minute {
		t.Errorf("the wall ran %+v", w.ran)
	}
	data, _ := os.ReadFile(prompt)
	for _, want := range []string{
		"## Checks ccc-hooks ran (evidence)", "### `go test ./...`: exit status 1 (failed) after 4.2s",
		"    parse_test.go:12: got 2, want 3\nFAIL\n```", "### `make lint`: exit status 0 (passed) after 1.5s",
		"weigh the checks and the repository over the agent's words",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the prompt lacks %q:\n%s", want, data)
		}
	}
	if i, j := bytes.Index(data, []byte("## Checks ccc-hooks ran")), bytes.Index(data, []byte("All tests pass.")); i < 0 || j < i {
		t.Errorf("the evidence does not come before the agent's last message")
	}
	if out == nil || out.Decision != "block" || !strings.HasSuffix(out.SystemMessage, "; checks: 1 passed, 1 failed).") {
		t.Errorf("answer %+v", out)
	}
	decisions, _, _ := storeOf(e).ReadLog("s1")
	if len(decisions) != 1 || len(decisions[0].Checks) != 2 {
		t.Fatalf("log %+v", decisions)
	}
	got := decisions[0].Checks[0]
	if got.Outcome != checks.Failed || got.ExitCode != 1 || got.DurationMS != 4200 || got.WallMS != 20 || got.Output != "" {
		t.Errorf("logged %+v", got)
	}
}

// TestQuestionReviewReusesTheChecks: a question after a Stop sees the Stop's results while the
// files are the same, and runs nothing; once they changed, it says the checks have no result
// for them.
func TestQuestionReviewReusesTheChecks(t *testing.T) {
	e, w, project, prompt := checksEnv(t, `,"enabled":true`)
	stop := hooktest.Stop("s2")
	stop.CWD = project
	if _, err := run(context.Background(), stop, optsWithWall(e, w)); err != nil {
		t.Fatal(err)
	}
	ask := &event.Event{SessionID: "s2", Name: event.PreToolUse, ToolName: event.AskUserQuestion, ToolInput: []byte(`{"questions":[]}`), CWD: project}
	out, err := run(context.Background(), ask, optsWithWall(e, w))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(prompt)
	if w.count() != 2 || !strings.Contains(string(data), "exit status 1 (failed) after 4.2s; the same result as when it ran at") {
		t.Errorf("runs %d; prompt:\n%s", w.count(), data)
	}
	if !strings.Contains(out.SystemMessage, "; checks: 1 passed, 1 failed).") {
		t.Errorf("line %q", out.SystemMessage)
	}
	e.Write(filepath.Join(project, "main.go"), "package main // edited\n", 0o644)
	if _, err := run(context.Background(), ask, optsWithWall(e, w)); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(prompt)
	if w.count() != 2 || !strings.Contains(string(data), "not run for this question: the files changed since it last ran") {
		t.Errorf("runs %d; prompt:\n%s", w.count(), data)
	}
}

// TestNoChecksWhereNoReviewRuns: the supervisor off, the agent waiting, and a cap that stands
// the review aside run no check.
func TestNoChecksWhereNoReviewRuns(t *testing.T) {
	for _, tc := range []struct {
		name, extra string
		opts        func(*Options)
	}{
		{"off", `,"enabled":false`, func(*Options) {}},
		{"waiting", `,"enabled":true`, func(o *Options) { o.Waiting = true }},
		{"capped", `,"enabled":true,"max_iterations":1`, func(*Options) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, w, project, _ := checksEnv(t, tc.extra)
			if tc.name == "capped" {
				o := optsWithWall(e, &fakeWall{results: w.results})
				first := hooktest.Stop("s3")
				first.CWD = project
				if _, err := run(context.Background(), first, o); err != nil {
					t.Fatal(err)
				}
			}
			ev := hooktest.Stop("s3")
			ev.CWD = project
			o := optsWithWall(e, w)
			tc.opts(&o)
			if _, err := run(context.Background(), ev, o); err != nil {
				t.Fatal(err)
			}
			if w.count() != 0 {
				t.Errorf("checks ran: %+v", w.ran)
			}
		})
	}
}
