package checks

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// runner returns a Runner for a session in dir whose results live in a new ccc-hooks home.
func runner(t *testing.T, dir string) Runner {
	t.Helper()
	return Runner{
		Store: Store{Home: t.TempDir()}, SessionID: "s1", Dir: dir, Env: os.Environ(),
		Now: time.Now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// countingWall is a wall that runs nothing and counts what it was asked to run.
type countingWall struct {
	runs []string
	res  wall.Result
	err  error
}

func (c *countingWall) run(_ context.Context, s wall.Spec) (wall.Result, error) {
	c.runs = append(c.runs, s.Command)
	return c.res, c.err
}

// TestEvidenceOfRealChecks: checks run behind the real wall; a failing one is shown with its
// exit status, duration and last lines, a passing one as passed, and the prompt asks the
// reviewer to weigh them over the agent's words.
func TestEvidenceOfRealChecks(t *testing.T) {
	testneed.Works(t, "wall", wall.Probe(context.Background(), ""))
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "check.sh"), "#!/bin/sh\nfor i in $(seq 1 50); do echo \"line $i\"; done\necho '--- FAIL: TestParse (0.00s)'\necho FAIL\nexit 1\n", 0o755)
	r := runner(t, dir)
	ev := r.Run(context.Background(), []config.Check{
		{Command: "./check.sh", TimeoutSeconds: 60},
		{Command: "echo all good", TimeoutSeconds: 60},
	}, true)
	if got := ev.Summary(); got != "checks: 1 passed, 1 failed" {
		t.Errorf("Summary = %q", got)
	}
	sec := ev.Section("en")
	for _, want := range []string{
		"### `./check.sh`: exit status 1 (failed) after", "--- FAIL: TestParse (0.00s)\nFAIL\n```",
		"The last 40 of its 52 lines of output:", "line 13\n", "### `echo all good`: exit status 0 (passed)",
		"weigh the checks and the repository over the agent's words", "in " + dir + ",",
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the section lacks %q:\n%s", want, sec)
		}
	}
	if strings.Contains(sec, "line 12\n") {
		t.Errorf("more than the last 40 lines shown:\n%s", sec)
	}
}

// TestTimedOutCheck: a check past its limit is reported as timed out, ended with what it started,
// and the review still gets the evidence.
func TestTimedOutCheck(t *testing.T) {
	testneed.Works(t, "wall", wall.Probe(context.Background(), ""))
	dir := t.TempDir()
	r := runner(t, dir)
	start := time.Now()
	ev := r.Run(context.Background(), []config.Check{{Command: "echo started; sleep 60 & sleep 60", TimeoutSeconds: 1}}, true)
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the check ran %s past its limit of 1s", took)
	}
	res := ev.Results[0]
	if res.Outcome != TimedOut || !strings.Contains(ev.Section("en"), "timed out after") || !strings.Contains(res.Output, "started") {
		t.Errorf("result %+v\n%s", res, ev.Section("en"))
	}
	if ev.Summary() != "checks: 1 timed out" {
		t.Errorf("Summary = %q", ev.Summary())
	}
}

// TestReuseWhileTheTreeIsTheSame: a Stop review reruns nothing while the tree is unchanged, and
// reruns after a file is written (even with its size and time kept), added or removed; a
// question review reuses or says why there is no result, never runs.
func TestReuseWhileTheTreeIsTheSame(t *testing.T) {
	dir := t.TempDir()
	testfs.Write(t, filepath.Join(dir, "a.go"), "package a\n", 0o644)
	w := &countingWall{res: wall.Result{ExitCode: 1, Output: []byte("FAIL\n"), Ran: 2 * time.Second}}
	r := runner(t, dir)
	r.Wall = w.run
	list := []config.Check{{Command: "go test ./...", TimeoutSeconds: 300}}

	question := r.Run(context.Background(), list, false)
	if len(w.runs) != 0 || question.Results[0].Outcome != NotRun || !strings.Contains(question.Section("en"), "not run for this question: it has not run in this session yet") {
		t.Fatalf("a question before any stop: runs %v, %+v", w.runs, question.Results)
	}
	first := r.Run(context.Background(), list, true)
	if len(w.runs) != 1 || first.Results[0].Outcome != Failed || first.Results[0].Reused {
		t.Fatalf("first stop: runs %v, %+v", w.runs, first.Results)
	}
	again := r.Run(context.Background(), list, true)
	if len(w.runs) != 1 || !again.Results[0].Reused || again.Results[0].Outcome != Failed || again.Results[0].Output != "FAIL" {
		t.Fatalf("unchanged tree: runs %v, %+v", w.runs, again.Results)
	}
	if sec := again.Section("en"); !strings.Contains(sec, "exit status 1 (failed) after 2s; the same result as when it ran at") {
		t.Errorf("a reused result does not say so:\n%s", sec)
	}
	if q := r.Run(context.Background(), list, false); !q.Results[0].Reused || len(w.runs) != 1 {
		t.Errorf("a question on the same tree: runs %v, %+v", w.runs, q.Results)
	}

	// The same bytes written again: size and modification time put back, the change time moves.
	fi, _ := os.Stat(filepath.Join(dir, "a.go"))
	testfs.Write(t, filepath.Join(dir, "a.go"), "package a\n", 0o644)
	if err := os.Chtimes(filepath.Join(dir, "a.go"), fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if q := r.Run(context.Background(), list, false); q.Results[0].Outcome != NotRun || !strings.Contains(q.Results[0].Why, "the files changed since it last ran") {
		t.Errorf("a question after a write: %+v", q.Results)
	}
	for i, change := range []func(){
		func() {},
		func() { testfs.Write(t, filepath.Join(dir, "new.txt"), "x", 0o644) },
		func() { os.Remove(filepath.Join(dir, "new.txt")) },
		func() { must(t, os.Chmod(filepath.Join(dir, "a.go"), 0o600)) },
	} {
		change()
		if ev := r.Run(context.Background(), list, true); ev.Results[0].Reused || len(w.runs) != i+2 {
			t.Errorf("change %d: runs %v, %+v", i, w.runs, ev.Results)
		}
	}
}

// TestRefusedWithOneLine: where the wall cannot stand, no check runs, each says why in one line,
// and the wall is tried once per review.
func TestRefusedWithOneLine(t *testing.T) {
	dir := t.TempDir()
	w := &countingWall{err: &wall.RefusedError{Why: "mount the copy-on-write layer on /p: operation not permitted"}}
	r := runner(t, dir)
	r.Wall = w.run
	ev := r.Run(context.Background(), []config.Check{{Command: "a", TimeoutSeconds: 5}, {Command: "b", TimeoutSeconds: 5}}, true)
	if len(w.runs) != 1 || ev.Summary() != "checks: 2 refused" {
		t.Errorf("runs %v, summary %q", w.runs, ev.Summary())
	}
	sec := ev.Section("en")
	if !strings.Contains(sec, "### `b`: not run: mount the copy-on-write layer on /p: operation not permitted. ccc-hooks never runs a check outside the wall") {
		t.Errorf("section:\n%s", sec)
	}
	if _, err := os.Stat(r.Store.Path("s1")); err == nil {
		t.Errorf("a refusal was kept as a result")
	}
}

// TestNoChecksNoSection: without checks the prompt is unchanged and the line says nothing.
func TestNoChecksNoSection(t *testing.T) {
	ev := runner(t, t.TempDir()).Run(context.Background(), nil, true)
	if ev.Section("en") != "" || ev.Summary() != "" || ev.Records() != nil {
		t.Errorf("evidence of no checks: %+v", ev)
	}
}

// TestNoWorkingDirectory: an event without a usable cwd runs nothing and says so.
func TestNoWorkingDirectory(t *testing.T) {
	for _, dir := range []string{"", filepath.Join(t.TempDir(), "gone")} {
		w := &countingWall{}
		r := runner(t, dir)
		r.Wall = w.run
		ev := r.Run(context.Background(), []config.Check{{Command: "a", TimeoutSeconds: 5}}, true)
		if len(w.runs) != 0 || !strings.Contains(ev.Section("en"), "the event names no working directory") {
			t.Errorf("%q: runs %v\n%s", dir, w.runs, ev.Section("en"))
		}
	}
}

// TestEnvironmentLeavesOutKeys: a check's environment has no API key or token, and none of the
// review's git variables (a reviewer's own run comes with the git view's).
func TestEnvironmentLeavesOutKeys(t *testing.T) {
	got := Environment([]string{
		"PATH=/bin", "ANTHROPIC_API_KEY=sk", "ANTHROPIC_AUTH_TOKEN=t", "CLAUDE_CODE_OAUTH_TOKEN=o",
		"GIT_DIR=/home/me/.claude/ccc/git-walls/w1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_WORK_TREE=/p", "ANTHROPIC_BASE_URL=http://x", "HOME=/h",
	})
	if strings.Join(got, " ") != "PATH=/bin ANTHROPIC_BASE_URL=http://x HOME=/h" {
		t.Errorf("Environment = %q", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestAWallThatFails: a wall that failed otherwise than by refusal is an error result, said in
// the evidence, and never kept for reuse: the next review tries again.
func TestAWallThatFails(t *testing.T) {
	dir := t.TempDir()
	w := &countingWall{err: errors.New("wall: the command's end was not reported")}
	r := runner(t, dir)
	r.Wall = w.run
	list := []config.Check{{Command: "make", TimeoutSeconds: 5}}
	ev := r.Run(context.Background(), list, true)
	if ev.Results[0].Outcome != Errored || !strings.Contains(ev.Section("en"), "### `make`: not run to its end: wall: the command's end was not reported") {
		t.Errorf("%+v\n%s", ev.Results, ev.Section("en"))
	}
	r.Run(context.Background(), list, true)
	if len(w.runs) != 2 {
		t.Errorf("runs %v: a failed wall was reused", w.runs)
	}
}

// TestQuestionOnAnUnfingerprintedTree: where the tree has no fingerprint, a question review says
// the last result may not hold, and a Stop review runs the check again.
func TestQuestionOnAnUnfingerprintedTree(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return // root reads every directory
	}
	dir := t.TempDir()
	w := &countingWall{res: wall.Result{ExitCode: 0}}
	r := runner(t, dir)
	r.Wall = w.run
	list := []config.Check{{Command: "make", TimeoutSeconds: 5}}
	r.Run(context.Background(), list, true)
	locked := filepath.Join(dir, "locked")
	must(t, os.Mkdir(locked, 0o755))
	must(t, os.Chmod(locked, 0))
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	q := r.Run(context.Background(), list, false)
	if q.Results[0].Outcome != NotRun || !strings.Contains(q.Results[0].Why, "the files could not be fingerprinted (") {
		t.Errorf("%+v", q.Results)
	}
	r.Run(context.Background(), list, true)
	if len(w.runs) != 2 {
		t.Errorf("runs %v", w.runs)
	}
}

// TestRunCheckOfNoDirectory: a person's (or the reviewer's) run in a directory that is not one
// says so and runs nothing.
func TestRunCheckOfNoDirectory(t *testing.T) {
	w := &countingWall{}
	r := runner(t, filepath.Join(t.TempDir(), "gone"))
	r.Wall = w.run
	res := r.RunCheck(context.Background(), config.Check{Command: "make", TimeoutSeconds: 5}, 10)
	if res.Outcome != Refused || !strings.HasPrefix(res.Why, "no such directory: ") || len(w.runs) != 0 || Ran(res) {
		t.Errorf("%+v, runs %v", res, w.runs)
	}
}

// TestRunnerWithoutLogger: a runner given no logger (as `supervisor checks --run` builds one)
// warns nowhere instead of panicking when the wall fails, and says why the check did not run.
func TestRunnerWithoutLogger(t *testing.T) {
	dir := t.TempDir()
	w := &countingWall{err: errors.New("wall: no command")}
	r := Runner{Store: Store{Home: t.TempDir()}, SessionID: "s1", Dir: dir, Now: time.Now, Wall: w.run}
	res := r.RunCheck(context.Background(), config.Check{Command: " ", TimeoutSeconds: 1}, 10)
	if res.Outcome != Errored || res.Why != "wall: no command" {
		t.Errorf("%+v", res)
	}
	ev := r.Run(context.Background(), []config.Check{{Command: "x", TimeoutSeconds: 1}}, true)
	if len(ev.Results) != 1 || ev.Results[0].Outcome != Errored {
		t.Errorf("%+v", ev)
	}
}
