// Package checks runs the project's checks (supervisor.checks) for a review, behind the
// copy-on-write wall of package internal/wall, keeps their results, and writes them into the
// reviewer's prompt as evidence: the command, "exit status N", the duration and the last lines
// of the output.
//
// A Stop review runs each check, or reuses its last result when the project's tree has not
// changed since (tree.go: a fingerprint taken by walking the files, never by running git, whose
// configuration the reviewed agent writes; store.go: the results per session). A question review
// only reuses: it shows results for the tree it sees, or says that there are none. A check that
// runs past its limit is reported as timed out; where the machine cannot give the wall, checks
// are refused with one line saying why, never run bare (evidence.go).
package checks

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/repo"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// How a check ended (Result.Outcome).
const (
	Passed   = "passed"    // exit status 0
	Failed   = "failed"    // another exit status
	TimedOut = "timed out" // ended at its timeout_seconds
	Refused  = "refused"   // the machine cannot give the wall: not run
	Errored  = "error"     // the wall failed otherwise: not run to its end
	NotRun   = "not run"   // a question review with no result for this tree
)

// Result is one check's result for a review.
type Result struct {
	Command        string    `json:"command"`
	TimeoutSeconds int       `json:"timeout_seconds"`
	Outcome        string    `json:"outcome"`
	ExitCode       int       `json:"exit_code"`
	DurationMS     int64     `json:"duration_ms"`         // the command's own run
	WallMS         int64     `json:"wall_ms"`             // the wall's setup and teardown
	Output         string    `json:"output,omitempty"`    // the last lines, cleaned (see lastLines)
	Lines          int       `json:"lines,omitempty"`     // how many lines the kept output has in all
	Truncated      bool      `json:"truncated,omitempty"` // the output was longer than what was kept
	DiskFull       bool      `json:"disk_full,omitempty"` // its writes filled the wall's disk bound
	RanAt          time.Time `json:"ran_at"`              // when it ran (for a reused result: then)
	Reused         bool      `json:"reused,omitempty"`    // the tree was unchanged since RanAt
	Why            string    `json:"why,omitempty"`       // refused, error or not run: why
}

// Runner runs the checks of one review.
type Runner struct {
	Store     Store
	SessionID string
	Dir       string   // the event's cwd: where the checks run
	Home      string   // the user's home directory, behind a layer of its own
	Env       []string // the checks' environment (see Environment)
	Now       func() time.Time
	Log       *slog.Logger // nil: nowhere
	// Limits are the wall's bounds and the home's further credential files (supervisor.wall).
	Limits config.Wall
	// Wall runs a command behind the wall (wall.Run when nil).
	Wall RunWall
}

// NewRunner returns the Runner of the checks in dir for session, in the outside world of env: the
// user's home directory, the checks' environment (Environment), the clock and the warnings are
// env's, the results kept under ccc-hooks home, the wall's bounds limits.
func NewRunner(env outside.Env, session, dir string, limits config.Wall) Runner {
	env = env.OrSystem()
	return Runner{
		Store: Store{Home: paths.Home(env.Getenv)}, SessionID: session, Dir: dir, Home: paths.HomeDir(env.Getenv),
		Env: Environment(env.Environ()), Now: env.Now, Log: env.Log(), Limits: limits,
	}
}

// clock is the runner's clock: Now, else this process's (a Runner left empty still bounds the
// walk of the tree in time).
func (r Runner) clock() func() time.Time {
	if r.Now != nil {
		return r.Now
	}
	return outside.System(io.Discard).Now
}

// log is where the runner's warnings go.
func (r Runner) log() *slog.Logger {
	if r.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return r.Log
}

// Run returns the evidence of list for this review: with fresh (a Stop review) each check runs
// unless the tree is unchanged since its last result; without (a question review) results are
// only reused.
func (r Runner) Run(ctx context.Context, list []config.Check, fresh bool) Evidence {
	ev := Evidence{Dir: r.Dir, Fresh: fresh}
	if len(list) == 0 {
		return ev
	}
	if fi, err := os.Stat(r.Dir); r.Dir == "" || err != nil || !fi.IsDir() {
		ev.Refused = "the event names no working directory to run it in"
		for _, c := range list {
			ev.Results = append(ev.Results, Result{Command: c.Command, TimeoutSeconds: c.TimeoutSeconds, Outcome: Refused, Why: ev.Refused})
		}
		return ev
	}
	project := ProjectOf(r.Dir, r.Home)
	ev.Tree = Fingerprint(project, r.clock())
	past, err := r.Store.load(r.SessionID)
	if err != nil {
		r.log().Warn("cannot read the last results of the checks; running them again", "err", err)
	}
	changed := false
	for _, c := range list {
		k := key(r.Dir, c.Command, c.TimeoutSeconds)
		if last, ok := past[k]; ok && ev.Tree.Sum != "" && last.Tree == ev.Tree.Sum {
			last.Result.Reused = true
			ev.Results = append(ev.Results, last.Result)
			continue
		}
		if !fresh {
			ev.Results = append(ev.Results, notRun(c, past[k], ev.Tree))
			continue
		}
		if ev.Refused != "" {
			ev.Results = append(ev.Results, Result{Command: c.Command, TimeoutSeconds: c.TimeoutSeconds, Outcome: Refused, Why: ev.Refused})
			continue
		}
		res := r.runOne(ctx, project, c, maxLines)
		if res.Outcome == Refused {
			ev.Refused = res.Why
		}
		ev.Results = append(ev.Results, res)
		if keep(res) && ev.Tree.Sum != "" {
			past[k] = stored{Key: k, Tree: ev.Tree.Sum, Result: res}
			changed = true
		}
	}
	if changed {
		if err := r.Store.save(r.SessionID, past); err != nil {
			r.log().Warn("cannot keep the results of the checks", "err", err)
		}
	}
	return ev
}

// Ran reports whether the check ran behind the wall to an end (passed, failed or timed out).
func Ran(res Result) bool { return keep(res) }

// keep says whether a result may stand for its tree later: one the command itself ended
// (passed, failed, timed out), never a wall that failed.
func keep(res Result) bool {
	return res.Outcome == Passed || res.Outcome == Failed || res.Outcome == TimedOut
}

// notRun is the result of a question review for a check with no result for this tree.
func notRun(c config.Check, last stored, tree Tree) Result {
	res := Result{Command: c.Command, TimeoutSeconds: c.TimeoutSeconds, Outcome: NotRun}
	switch {
	case last.Key == "":
		res.Why = "it has not run in this session yet"
	case tree.Sum == "":
		res.Why = "the files could not be fingerprinted (" + tree.Why + "), so its last result may not hold"
	default:
		res.Why = "the files changed since it last ran (" + last.Result.RanAt.UTC().Format(time.TimeOnly) + " UTC)"
	}
	return res
}

// RunCheck runs c behind the wall in r.Dir now, keeping nothing, with the last lines of its
// output: for a person trying their checks, and for the reviewer's own run of one (`ccc-hooks
// supervisor checks --run`).
func (r Runner) RunCheck(ctx context.Context, c config.Check, lines int) Result {
	if fi, err := os.Stat(r.Dir); r.Dir == "" || err != nil || !fi.IsDir() {
		return Result{Command: c.Command, TimeoutSeconds: c.TimeoutSeconds, Outcome: Refused, Why: "no such directory: " + r.Dir}
	}
	return r.runOne(ctx, ProjectOf(r.Dir, r.Home), c, lines)
}

// runOne runs c behind the wall, keeping the last lines of its output.
func (r Runner) runOne(ctx context.Context, project string, c config.Check, lines int) Result {
	res := Result{Command: c.Command, TimeoutSeconds: c.TimeoutSeconds, RanAt: r.clock()().UTC()}
	run := r.Wall
	if run == nil {
		run = wall.Run
	}
	w, err := run(ctx, wall.Spec{
		Project: project, Dir: r.Dir, Home: r.Home, Hidden: r.Limits.Credentials, Command: c.Command, Env: r.Env,
		Timeout: time.Duration(c.TimeoutSeconds) * time.Second, Bounds: r.Limits.Bounds,
	})
	res.DurationMS = w.Ran.Milliseconds()
	res.WallMS = (w.Setup + w.Teardown).Milliseconds()
	res.Output, res.Lines = lastLines(w.Output, lines)
	res.Truncated, res.DiskFull = w.Truncated, w.DiskFull
	var refused *wall.RefusedError
	switch {
	case errors.As(err, &refused):
		res.Outcome, res.Why = Refused, refused.Why
	case err != nil:
		res.Outcome, res.Why = Errored, err.Error()
		r.log().Warn("a check's wall failed", "check", c.Command, "err", err)
	case w.TimedOut:
		res.Outcome = TimedOut
	case w.ExitCode == 0:
		res.Outcome = Passed
	default:
		res.Outcome, res.ExitCode = Failed, w.ExitCode
	}
	return res
}

// Environment returns the checks' environment: the hook's, without the credentials Claude Code
// hands its hooks (a check's output goes into the review prompt, and a check needs no key: it has
// no network), and without any GIT_ variable. The reviewer's own run of a check comes from the
// reviewer's Bash, whose environment points git at the review's git view (package gitview:
// GIT_DIR, GIT_CONFIG_GLOBAL=/dev/null, ...): there a test suite that makes repositories of its
// own, or commits with the name of your global configuration, would fail or read the wrong
// repository. So a check sees git as a plain shell of yours does, whichever way it was started;
// the wall gives it a clean configuration of the session's repository (package wall).
func Environment(env []string) []string {
	return slices.DeleteFunc(repo.WithoutGitVars(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return name == "ANTHROPIC_API_KEY" || name == "ANTHROPIC_AUTH_TOKEN" || name == "CLAUDE_CODE_OAUTH_TOKEN"
	})
}
