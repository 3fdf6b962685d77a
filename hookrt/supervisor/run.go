package supervisor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// GuardEnv is set to 1 in the reviewer's environment, so that hooks fired inside the reviewer's own
// session let it stop at once instead of starting another review.
const GuardEnv = "CCC_SUPERVISOR_HOOK"

// MaxStdout caps what is kept of the reviewer's stdout; the rest is discarded.
const MaxStdout = 16 << 20

const maxStderr = 64 << 10

// Request describes one review run.
type Request struct {
	Program   string   // the claude program: a path, or a name looked up on PATH
	ExtraArgs []string // supervisor.claude_args, placed before the prompt
	SessionID string   // the session to fork
	Prompt    string
	Dir       string        // working directory; "" or a missing directory keeps ours
	Env       []string      // the environment; GuardEnv=1 is added
	Timeout   time.Duration // hard limit; the whole process group is killed when it passes
}

// Args returns the arguments passed to the claude program.
func (r *Request) Args() []string {
	prompt := r.Prompt
	if strings.HasPrefix(prompt, "-") {
		prompt = "\n" + prompt // never mistaken for an option (a prompt file may open with ---)
	}
	args := []string{
		"-p", "--resume", r.SessionID, "--fork-session", "--output-format", "json",
		"--json-schema", Schema,
	}
	args = append(args, r.ExtraArgs...)
	return append(args, prompt)
}

// TimeoutError is a review that ran past its limit.
type TimeoutError struct{ After time.Duration }

func (e *TimeoutError) Error() string { return fmt.Sprintf("review timed out after %s", e.After) }

// Review runs the reviewer and returns its verdict. Any error means the review failed: the program
// could not start, exited non-zero, reported is_error, or timed out.
func Review(ctx context.Context, req Request) (Verdict, error) {
	out, err := run(ctx, req)
	if err != nil {
		return Verdict{}, err
	}
	return ParseOutput(out)
}

func run(ctx context.Context, req Request) ([]byte, error) {
	// When Claude Code gives up on the hook and terminates it, take the reviewer down too.
	ctx, stop := signal.NotifyContext(ctx, proc.TerminationSignals...)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, req.Timeout)
	defer cancel()
	c := proc.Command(ctx, req.Program, req.Args()...)
	c.Env = append(withoutGuard(req.Env), GuardEnv+"=1")
	if req.Dir != "" {
		if fi, err := os.Stat(req.Dir); err == nil && fi.IsDir() {
			c.Dir = req.Dir
		}
	}
	stdout := &capWriter{max: MaxStdout}
	stderr := &capWriter{max: maxStderr, keepTail: true}
	c.Stdout, c.Stderr = stdout, stderr
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", req.Program, err)
	}
	err := c.Wait()
	// Whatever the outcome, leave nothing of the reviewer's process group behind.
	_ = proc.KillGroup(c.Process)
	if err == nil {
		return stdout.buf.Bytes(), nil
	}
	var exitErr *exec.ExitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, &TimeoutError{After: req.Timeout}
	case ctx.Err() != nil:
		return nil, fmt.Errorf("review canceled: %w", ctx.Err())
	case errors.As(err, &exitErr):
		why := lastLine(stderr.buf.String())
		if why == "" {
			why = lastLine(stdout.buf.String())
		}
		if why != "" {
			return nil, fmt.Errorf("%s exited with status %d: %s", req.Program, exitErr.ExitCode(), why)
		}
		return nil, fmt.Errorf("%s exited with status %d", req.Program, exitErr.ExitCode())
	}
	return nil, fmt.Errorf("run %s: %w", req.Program, err)
}

func withoutGuard(env []string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, GuardEnv+"=") {
			out = append(out, kv)
		}
	}
	return out
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return truncate(s, 500)
}

// capWriter keeps at most max bytes (the first ones, or the last ones with keepTail) and
// swallows the rest, so a chatty child can neither exhaust memory nor block on a full pipe.
type capWriter struct {
	buf      bytes.Buffer
	max      int
	keepTail bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	n := len(p)
	if w.keepTail {
		w.buf.Write(p)
		if over := w.buf.Len() - w.max; over > 0 {
			w.buf.Next(over)
		}
		return n, nil
	}
	if room := w.max - w.buf.Len(); room > 0 {
		if len(p) > room {
			p = p[:room]
		}
		w.buf.Write(p)
	}
	return n, nil
}
