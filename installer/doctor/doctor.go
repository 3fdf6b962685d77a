package doctor

import (
	"cmp"
	"context"
	"slices"
)

// Status is the outcome of one check.
type Status string

// The statuses, from fine to broken.
const (
	StatusOK    Status = "ok"
	StatusWarn  Status = "warn"
	StatusError Status = "error"
)

// rank orders statuses so that errors sort first.
func (s Status) rank() int {
	switch s {
	case StatusError:
		return 0
	case StatusWarn:
		return 1
	default:
		return 2
	}
}

// Result is one finding. Path names the file it is about, or is empty.
type Result struct {
	Check   string `json:"check"`
	Status  Status `json:"status"`
	Message string `json:"message"`
	Path    string `json:"path"`
}

// Check is one diagnosis. Run reports at least one Result; results whose Check is empty are
// named after the check.
type Check interface {
	Name() string
	Run(ctx context.Context, s *Snapshot) []Result
}

// Run runs checks in order over s and returns their results, errors first, then warnings, then
// the rest, each group in the order the checks reported them. A check about a profile that is not
// installed (profileCheck) is not run: a row about the workflow's settings means nothing to
// someone who never installed it.
func Run(ctx context.Context, s *Snapshot, checks []Check) []Result {
	var out []Result
	for _, c := range checks {
		if pc, ok := c.(profileCheck); ok {
			if name, env := pc.profile(); !s.uses(env, name) {
				continue
			}
		}
		for _, r := range c.Run(ctx, s) {
			if r.Check == "" {
				r.Check = c.Name()
			}
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b Result) int { return cmp.Compare(a.Status.rank(), b.Status.rank()) })
	return out
}

// Failed reports whether any result is an error.
func Failed(results []Result) bool {
	return slices.ContainsFunc(results, func(r Result) bool { return r.Status == StatusError })
}

func ok(msg, path string) Result   { return Result{Status: StatusOK, Message: msg, Path: path} }
func warn(msg, path string) Result { return Result{Status: StatusWarn, Message: msg, Path: path} }
func fail(msg, path string) Result { return Result{Status: StatusError, Message: msg, Path: path} }

// profileCheck is a check about one profile alone (the workflow's settings, the supervisor's
// reviewer): Run leaves it out where that profile is not installed (see Snapshot.uses).
type profileCheck interface {
	Check
	// profile is the name of the profile the check is about, and the outside world that tells
	// which plugins are installed.
	profile() (string, Env)
}
