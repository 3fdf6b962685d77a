//go:build unix

package e2e

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Result is what a finished process left behind.
type Result struct {
	Stdout, Stderr string
	ExitCode       int
	Duration       time.Duration
}

// Run starts name with args in the project directory under the sandbox
// environment, with empty stdin, and waits at most timeout; then it kills
// the process and everything it started. A process that cannot start or
// times out fails the test.
func (s *Sandbox) Run(t testing.TB, timeout time.Duration, name string, args ...string) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = s.Project
	cmd.Env = s.Env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// Hooks may have started process groups of their own: kill the tree first.
		killTree(cmd.Process.Pid)
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	// Whatever the process left running in its group (hook children) goes too.
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	res := Result{Stdout: stdout.String(), Stderr: stderr.String(), Duration: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		res.ExitCode = exit.ExitCode()
	default:
		t.Fatalf("run %s %s: %v\nstderr: %s", name, strings.Join(args, " "), err, res.Stderr)
	}
	if ctx.Err() != nil {
		t.Fatalf("%s %s: timed out after %s\nstdout: %s\nstderr: %s",
			name, strings.Join(args, " "), timeout, res.Stdout, res.Stderr)
	}
	return res
}

// ClaudePrint runs `claude -p prompt` (plus args) in the project directory.
func (s *Sandbox) ClaudePrint(t testing.TB, timeout time.Duration, prompt string, args ...string) Result {
	t.Helper()
	all := append([]string{"-p"}, args...)
	all = append(all, "--", prompt)
	res := s.Run(t, timeout, s.Claude.Path, all...)
	t.Logf("claude -p finished in %s with exit %d", res.Duration.Round(time.Millisecond), res.ExitCode)
	return res
}
