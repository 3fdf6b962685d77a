//go:build unix

package hookrt

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
)

// runWithin runs the hook for a Stop and fails the test when it has not answered within 10s.
func runWithin(t *testing.T, e *hooktest.Env) (string, string) {
	t.Helper()
	return runEventWithin(t, e, hooktest.Stop("s"))
}

// runEventWithin runs the hook for ev and fails the test when it has not answered within 10s.
func runEventWithin(t *testing.T, e *hooktest.Env, ev *event.Event) (string, string) {
	t.Helper()
	var stderr bytes.Buffer
	opts := optsOf(e)
	opts.Stderr = &stderr
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		o, err := Run(context.Background(), ev, opts)
		var b bytes.Buffer
		_ = o.Write(&b)
		done <- result{b.String(), err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.out, stderr.String()
	case <-time.After(10 * time.Second):
		t.Fatal("the hook is still blocked after 10s")
	}
	return "", ""
}

// TestFIFOPromptOverrideDoesNotBlock: a FIFO named SUPERVISOR.md (nobody writing to it) is
// skipped with a warning naming it; the review runs with the built-in prompt.
func TestFIFOPromptOverrideDoesNotBlock(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, `cat > /dev/null
for a; do last=$a; done
printf '%s' "$last" > "$(dirname "$0")/prompt.txt"
`+hooktest.AllowScript)
	if err := syscall.Mkfifo(filepath.Join(e.Vars["CLAUDE_CONFIG_DIR"], "SUPERVISOR.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, stderr := runWithin(t, e)
	if !strings.HasPrefix(out, `{"reason":"ok","systemMessage":"ccc-hooks supervisor: allowed the stop`) {
		t.Errorf("stdout %q, want the review's allow", out)
	}
	if !strings.Contains(stderr, "SUPERVISOR.md") || !strings.Contains(stderr, "a FIFO (named pipe), not a regular file") {
		t.Errorf("stderr does not say why SUPERVISOR.md was skipped: %q", stderr)
	}
	prompt, err := os.ReadFile(filepath.Join(e.Dir, "prompt.txt"))
	if err != nil || !strings.Contains(string(prompt), "allow_stop") {
		t.Errorf("the reviewer did not get the built-in prompt: %q %v", prompt, err)
	}
}

// TestDeviceConfigIsRefused: ccc.json pointing at /dev/zero (endless) is refused at once with a
// warning; the defaults apply (the supervisor is off), and memory is not exhausted reading it.
func TestDeviceConfigIsRefused(t *testing.T) {
	e := hooktest.New(t, "", hooktest.AllowScript)
	if err := os.Symlink("/dev/zero", filepath.Join(e.Vars["CLAUDE_CONFIG_DIR"], "ccc.json")); err != nil {
		t.Fatal(err)
	}
	out, stderr := runWithin(t, e)
	if out != `{"reason":"supervisor mode disabled"}`+"\n" {
		t.Errorf("stdout %q", out)
	}
	if !strings.Contains(stderr, "ccc.json") || !strings.Contains(stderr, "a character device, not a regular file") {
		t.Errorf("stderr %q", stderr)
	}
}

// TestFIFOConfigDoesNotBlock: a FIFO ccc.json is refused the same way.
func TestFIFOConfigDoesNotBlock(t *testing.T) {
	e := hooktest.New(t, "", hooktest.AllowScript)
	if err := syscall.Mkfifo(filepath.Join(e.Vars["CLAUDE_CONFIG_DIR"], "ccc.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, _ := runWithin(t, e); out != `{"reason":"supervisor mode disabled"}`+"\n" {
		t.Errorf("stdout %q", out)
	}
}

// TestFIFOConfigDoesNotBlockWorkflowStop: with a task open, a Stop reads ccc.json for the
// workflow's notification setting too; a FIFO there does not block that read either.
func TestFIFOConfigDoesNotBlockWorkflowStop(t *testing.T) {
	e := hooktest.New(t, "", "")
	project := filepath.Join(e.Dir, "project")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	e.Vars["CLAUDE_PROJECT_DIR"] = project
	out, _ := runEventWithin(t, e, &event.Event{SessionID: "w", Name: event.UserPromptSubmit, PromptID: "p1", Prompt: "/mc fix the login bug"})
	if !strings.Contains(out, "additionalContext") {
		t.Fatalf("/mc opened no task: %q", out)
	}
	if err := syscall.Mkfifo(filepath.Join(e.Vars["CLAUDE_CONFIG_DIR"], "ccc.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	stop := hooktest.Stop("w")
	stop.PromptID = "p1" // the turn the workflow's prompt hook ran for
	if out, _ := runEventWithin(t, e, stop); !strings.Contains(out, `"decision":"block"`) {
		t.Errorf("stdout %q, want the workflow's block", out)
	}
}
