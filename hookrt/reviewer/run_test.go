//go:build unix

package reviewer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
	"github.com/google/go-cmp/cmp"
)

// fakeClaude writes an executable shell script standing in for claude and returns its path.
func fakeClaude(t *testing.T, script string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "claude")
	testfs.Write(t, p, "#!/bin/sh\n"+script, 0o755)
	return p
}

// TestReviewKeepsVerdictOfReviewerWithLingeringChild: a reviewer that answers and exits 0 but
// leaves a child holding its stdout is a successful review (the verdict counts), it returns soon
// after the reviewer exits, and the child is killed with the reviewer's process group.
func TestReviewKeepsVerdictOfReviewerWithLingeringChild(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	claude := fakeClaude(t, `sleep 60 & echo $! > "$PIDFILE"`+"\n"+hooktest.ReviewScript(false, "run the tests"))
	start := time.Now()
	v, _, err := Run(context.Background(), Request{
		Guard:   GuardOf("ccc-hooks"),
		Program: claude, SessionID: "s", Prompt: "review",
		Env: append(os.Environ(), "PIDFILE="+pidFile), Timeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatalf("review failed: %v", err)
	}
	if v != (Verdict{Feedback: "run the tests"}) {
		t.Errorf("verdict %+v", v)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("review took %v; the reviewer exited at once", d)
	}
	testproc.WaitGone(t, testproc.ReadPID(t, pidFile), 2*time.Second)
}

// TestReviewKillsGroupAfterNormalExit: a child the reviewer left behind is killed even when it
// does not hold the reviewer's output (a normal, quick exit).
func TestReviewKillsGroupAfterNormalExit(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	claude := fakeClaude(t, `sleep 60 >/dev/null 2>&1 & echo $! > "$PIDFILE"`+"\n"+hooktest.ReviewScript(true, "ok"))
	v, _, err := Run(context.Background(), Request{
		Guard:   GuardOf("ccc-hooks"),
		Program: claude, SessionID: "s", Prompt: "review",
		Env: append(os.Environ(), "PIDFILE="+pidFile), Timeout: 30 * time.Second,
	})
	if err != nil || !v.AllowStop {
		t.Fatalf("got %+v, %v", v, err)
	}
	testproc.WaitGone(t, testproc.ReadPID(t, pidFile), 2*time.Second)
}

// TestReviewTimeoutKillsGroup: past the timeout the reviewer and its children are killed and the
// review fails with a TimeoutError, promptly.
func TestReviewTimeoutKillsGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	claude := fakeClaude(t, `sleep 60 & echo $! > "$PIDFILE"; wait`)
	start := time.Now()
	_, _, err := Run(context.Background(), Request{
		Guard:   GuardOf("ccc-hooks"),
		Program: claude, SessionID: "s", Prompt: "review",
		Env: append(os.Environ(), "PIDFILE="+pidFile), Timeout: 500 * time.Millisecond,
	})
	var timeout *TimeoutError
	if !errors.As(err, &timeout) {
		t.Fatalf("got %v, want a TimeoutError", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v after a 500ms limit", d)
	}
	testproc.WaitGone(t, testproc.ReadPID(t, pidFile), 2*time.Second)
}

// TestReviewCwd: the review runs in the event's cwd; a cwd naming a FIFO or a device is not
// entered (nor opened): the review runs in our own directory and answers.
func TestReviewCwd(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	cwd := filepath.Join(t.TempDir(), "cwd")
	claude := fakeClaude(t, `pwd -P > "$CWD"`+"\n"+hooktest.ReviewScript(true, "ok"))
	physical := func(dir string) string {
		p, err := filepath.EvalSymlinks(dir)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	for dir, want := range map[string]string{project: physical(project), fifo: physical(wd), "/dev/zero": physical(wd)} {
		v, _, err := Run(context.Background(), Request{
			Guard:   GuardOf("ccc-hooks"),
			Program: claude, SessionID: "s", Prompt: "p", Dir: dir,
			Env: append(os.Environ(), "CWD="+cwd), Timeout: 30 * time.Second,
		})
		ran, _ := os.ReadFile(cwd)
		if err != nil || !v.AllowStop || strings.TrimSpace(string(ran)) != want {
			t.Errorf("cwd %s: got %+v, %v, run in %s; want the review run in %s", dir, v, err, ran, want)
		}
	}
}

// TestReviewRefusesUnsafeSessionID: whatever reaches Review, an id claude would read as an option
// (or that names no session) never starts the reviewer.
func TestReviewRefusesUnsafeSessionID(t *testing.T) {
	started := filepath.Join(t.TempDir(), "started")
	claude := fakeClaude(t, `touch "$STARTED"`)
	for _, id := range []string{"--dangerously-skip-permissions", "-x", "", "..", "a b"} {
		_, _, err := Run(context.Background(), Request{
			Guard:   GuardOf("ccc-hooks"),
			Program: claude, SessionID: id, Prompt: "p",
			Env: append(os.Environ(), "STARTED="+started), Timeout: 30 * time.Second,
		})
		if err == nil || !strings.Contains(err.Error(), "not a valid session_id") {
			t.Errorf("session %q: got %v", id, err)
		}
	}
	if _, err := os.Stat(started); err == nil {
		t.Error("the reviewer was started")
	}
}

// TestReviewEnvironment: the reviewer learns the directory its review runs in (the only one whose
// repository its git may read, see reviewguard.Place), and runs with the environment in which
// its hook grants git (reviewguard.GitEnvironment): none of the session's GIT_ variables, the
// wall's hardening and the wall's own variables (Request.Git); a variable that would make bash
// run code before a command is left out (reviewerEnv).
func TestReviewEnvironment(t *testing.T) {
	dump := filepath.Join(t.TempDir(), "env")
	claude := fakeClaude(t, `env > "$DUMP"`+"\n"+hooktest.ReviewScript(true, "ok"))
	project := t.TempDir()
	git := []string{"GIT_DIR=/w/wall", "GIT_WORK_TREE=" + project, "GIT_OBJECT_DIRECTORY=" + project + "/.git/objects"}
	_, _, err := Run(context.Background(), Request{
		Guard: GuardOf("ccc-hooks"), Program: claude, SessionID: "s", Prompt: "p", Dir: project, Surroundings: Surroundings{Git: git},
		Env: append(os.Environ(), "DUMP="+dump, ReviewDirEnv+"=/elsewhere", GuardEnv+"=0", "GIT_CONFIG_COUNT=0",
			"GIT_EXEC_PATH=/p/bin", "BASH_ENV=/p/x.sh", "BASH_FUNC_ls%%=() { :; }"),
		Timeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	env := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, want := range append([]string{ReviewDirEnv + "=" + project, GuardEnv + "=1", "GIT_CONFIG_GLOBAL=/dev/null"}, git...) {
		if !slices.Contains(env, want) {
			t.Errorf("the reviewer's environment lacks %s", want)
		}
	}
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if name == "GIT_EXEC_PATH" || name == "BASH_ENV" || strings.HasPrefix(name, "BASH_FUNC_") || kv == ReviewDirEnv+"=/elsewhere" {
			t.Errorf("the reviewer's environment holds %s", kv)
		}
	}
	var gitVars []string
	for _, kv := range env {
		if strings.HasPrefix(kv, "GIT_") {
			gitVars = append(gitVars, kv)
		}
	}
	slices.Sort(gitVars)
	want := append(gitview.Hardening(), git...)
	slices.Sort(want)
	if diff := cmp.Diff(want, gitVars); diff != "" {
		t.Errorf("the reviewer's GIT_ variables (-want +got):\n%s", diff)
	}
}
