package reviewer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// GuardEnv is set to 1 in the reviewer's environment, so that hooks fired inside the reviewer's own
// session let it stop at once instead of starting another review.
const GuardEnv = "CCC_SUPERVISOR_HOOK"

// ReviewDirEnv names, in the reviewer's environment, the directory the review runs in: the
// session's own, whose repository is the only one the reviewer's git may read (see
// reviewguard.Place).
const ReviewDirEnv = "CCC_SUPERVISOR_REVIEW_DIR"

// WallEnv is 1 in the reviewer's environment where the copy-on-write wall stands for the review
// (Request.Walled): its hook then runs each of its Bash commands behind it; else 0.
const WallEnv = "CCC_SUPERVISOR_WALL"

// MaxStdout caps what is kept of the reviewer's stdout; the rest is discarded.
const MaxStdout = 16 << 20

const maxStderr = 64 << 10

// Request describes one review run.
type Request struct {
	Program        string            // the claude program: a path, or a name looked up on PATH
	ExtraArgs      []string          // supervisor.claude_args, placed before the prompt
	SessionID      string            // the session to fork
	PermissionMode string            // --permission-mode; "" leaves it out
	AllowedTools   []string          // one --allowedTools each
	Guard          hookcmd.Handler   // the read-only PreToolUse hook (GuardOf, see GuardSettings)
	Sandbox        *bashsandbox.Plan // Claude Code's Bash sandbox for the reviewer (PlanSandbox, GuardSettings); nil: none
	// SandboxCheck says whether Sandbox runs on the reviewer's PATH (SandboxCheckOf); nil: Sandbox is dropped.
	SandboxCheck SandboxCheck
	// ManagedSettings is the managed settings file, whose allowManagedHooksOnly refuses the
	// review (CheckGuardRuns); "": the operating system's (paths.ManagedFile).
	ManagedSettings string
	MaxBudgetUSD    float64 // --max-budget-usd when positive
	Prompt          string
	Dir             string        // the review's directory (Dir); "" or no directory: ours, and no git
	Env             []string      // the hook's environment, from which the reviewer's is built (environ)
	Surroundings                  // the git view and the project's settings (Surround)
	Walled          bool          // the copy-on-write wall stands: every Bash command of the reviewer runs behind it (WallEnv)
	Timeout         time.Duration // hard limit, the whole process group killed when it passes; 0: supervisor.timeout_seconds' default
	Log             *slog.Logger  // where the review's own warnings go; nil: nowhere
}

// Args returns the arguments passed to the claude program (docs/supervisor.md, "The review"):
// a fork never saved (--no-session-persistence), with the user's settings and ours, never the
// project's (--setting-sources=user), and nothing that changes its tool list or system prompt,
// so that its first request reads the session's prompt cache (see GuardSettings). Every list
// value is passed as --flag=value, one tool per flag: given as separate words, --allowedTools
// would swallow every following word up to the next option, the prompt included.
func (r *Request) Args() []string {
	prompt := r.Prompt
	if strings.HasPrefix(prompt, "-") {
		prompt = "\n" + prompt // never mistaken for an option (a prompt file may open with ---)
	}
	args := []string{
		"-p", "--resume=" + r.SessionID, "--fork-session", "--no-session-persistence",
		"--output-format", "json", "--setting-sources=user",
		"--settings=" + GuardSettings(r.Guard, r.Sandbox),
	}
	if r.MCPConfig != "" {
		args = append(args, "--mcp-config="+r.MCPConfig)
	}
	if r.PermissionMode != "" {
		args = append(args, "--permission-mode", r.PermissionMode)
	}
	for _, tool := range r.AllowedTools {
		args = append(args, "--allowedTools="+tool)
	}
	if r.MaxBudgetUSD > 0 {
		args = append(args, "--max-budget-usd", strconv.FormatFloat(r.MaxBudgetUSD, 'f', -1, 64))
	}
	args = append(args, r.ExtraArgs...)
	return append(args, prompt)
}

// timeout is r.Timeout, or supervisor.timeout_seconds' default where it is not positive.
func (r Request) timeout() time.Duration {
	if r.Timeout <= 0 {
		return config.DefaultTimeoutSeconds * time.Second
	}
	return r.Timeout
}

// TimeoutError is a review that ran past its limit.
type TimeoutError struct{ After time.Duration }

func (e *TimeoutError) Error() string { return fmt.Sprintf("review timed out after %s", e.After) }

// Run runs the reviewer and returns its verdict and what it cost (as far as its output tells).
// Any error means the review failed: the program could not start, exited non-zero, reported
// is_error (claude -p exits non-zero after such a result too, error_max_budget_usd among them:
// that report is the error, and its cost is still returned), or timed out.
func Run(ctx context.Context, req Request) (Verdict, Usage, error) {
	stdout, err := start(ctx, req)
	out := readOutput(stdout) // checked and parsed once: it can be megabytes
	usage := out.usage()
	if err != nil {
		var reported *ReportedError
		if _, perr := out.verdict(); usage != (Usage{}) && errors.As(perr, &reported) {
			if reported.Msg == "error_max_budget_usd" && req.MaxBudgetUSD > 0 {
				return Verdict{}, usage, fmt.Errorf("the review spent supervisor.max_budget_usd ($%s) before its verdict: %w",
					strconv.FormatFloat(req.MaxBudgetUSD, 'f', -1, 64), perr)
			}
			return Verdict{}, usage, perr
		}
		return Verdict{}, usage, err
	}
	v, err := out.verdict()
	return v, usage, err
}

// Dir is the directory a review of an event whose cwd is cwd runs in: cwd when it is a
// directory, else the hook's working directory (getwd; "" when that is unknown: the reviewer's
// git is then refused).
func Dir(cwd string, getwd func() (string, error)) string {
	if isDir(cwd) {
		return cwd
	}
	dir, _ := getwd()
	return dir
}

// isDir reports whether dir names a directory. It is only looked at (stat), never opened: a FIFO,
// device or file there is not a directory.
func isDir(dir string) bool {
	fi, err := os.Stat(dir)
	return dir != "" && err == nil && fi.IsDir()
}

func start(ctx context.Context, req Request) ([]byte, error) {
	// The event parser refuses such ids already; never let one become an option of claude.
	if !event.ValidSessionID(req.SessionID) {
		return nil, fmt.Errorf("refusing to resume session %q: not a valid session_id", req.SessionID)
	}
	if req.Guard.Command == "" {
		return nil, errors.New("refusing to review without the read-only hook")
	}
	if err := CheckGuardRuns(req.ManagedSettings); err != nil {
		return nil, err
	}
	// When Claude Code gives up on the hook and terminates it, take the reviewer down too.
	ctx, stop := signal.NotifyContext(ctx, proc.TerminationSignals...)
	defer stop()
	req.Timeout = req.timeout()
	ctx, cancel := context.WithTimeout(ctx, req.Timeout)
	defer cancel()
	env := req.environ()
	if req.Sandbox = req.sandbox(ctx, proc.Getenv(env, "PATH")); req.Sandbox != nil {
		// What the sandbox makes in the repository's git directory goes when the review is over.
		defer bashsandbox.MissingStubs(req.GitDirs...).Remove()
	}
	c := proc.Command(ctx, req.Program, req.Args()...)
	c.Env = env
	if isDir(req.Dir) {
		c.Dir = req.Dir
	}
	stdout := &proc.Capped{Max: MaxStdout}
	stderr := &proc.Capped{Max: maxStderr, Tail: true}
	c.Stdout, c.Stderr = stdout, stderr
	// proc.Run kills what is left of the reviewer's process group whatever the outcome, and keeps
	// the answer of a reviewer that exited 0 while a child of its own still held stdout. While
	// the reviewer runs, each of its Bash commands is bounded (bound.go).
	err := proc.RunWatched(c, newCommandWatch(CommandBound(req.Timeout), req.Guard.Command, req.Log).run)
	out, _ := stdout.Bytes()
	if err == nil {
		return out, nil
	}
	var exitErr *exec.ExitError
	var startErr *proc.StartError
	switch {
	case errors.As(err, &startErr):
		return nil, fmt.Errorf("start %s: %w", req.Program, startErr.Err)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, &TimeoutError{After: req.Timeout}
	case ctx.Err() != nil:
		return nil, fmt.Errorf("review canceled: %w", ctx.Err())
	case errors.As(err, &exitErr):
		errOut, _ := stderr.Bytes()
		why := lastLine(errOut)
		if why == "" {
			why = lastLine(out)
		}
		// stdout goes back too: it may hold a result reporting the error (see Run).
		if why != "" {
			return out, fmt.Errorf("%s exited with status %d: %s", req.Program, exitErr.ExitCode(), why)
		}
		return out, fmt.Errorf("%s exited with status %d", req.Program, exitErr.ExitCode())
	}
	return nil, fmt.Errorf("run %s: %w", req.Program, err)
}

// lastLine is the last line of a reviewer's output, for an error: at most 500 bytes of it.
func lastLine(out []byte) string { return clip.Truncate(clip.LastLine(string(out)), 500) }
