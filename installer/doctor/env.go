package doctor

import (
	"context"
	"errors"
	"os"
	"runtime"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// DefaultTimeout bounds each program doctor runs to ask for its version.
const DefaultTimeout = 5 * time.Second

// Env carries the side effects of the checks beyond reading files. NewEnv builds it; Checks and
// BeforeInstall give a field left empty its real default (withDefaults), never leave it out.
type Env struct {
	// Getenv reads the environment of the user running doctor (os.Getenv when nil).
	Getenv func(string) string
	// LookPath finds a program the way a shell started with Getenv's PATH would (lookpath.Shell
	// on that PATH when nil).
	LookPath func(string) (string, error)
	// Output runs a program and returns its standard output; it must stop when ctx is done
	// (Exec when nil).
	Output func(ctx context.Context, name string, args ...string) ([]byte, error)
	// Build is this ccc-hooks, compared with the installed binaries a hook runs (buildinfo.Get
	// when zero).
	Build buildinfo.Info
	// Timeout bounds each program run through Output; DefaultTimeout when zero.
	Timeout time.Duration
	// GOOS is the system doctor reports on (runtime.GOOS when empty).
	GOOS string
	// Wall tries the copy-on-write wall supervisor.checks run behind: nil when this machine
	// gives it, else why not (a trial behind the real one, wall.Probe, with the home directory
	// of Getenv, when nil).
	Wall func(context.Context) error
}

// NewEnv returns the Env of a doctor run for the user whose environment getenv reads, finding
// programs with lookPath; every other side effect is the real one (withDefaults).
func NewEnv(getenv func(string) string, lookPath func(string) (string, error)) Env {
	return Env{Getenv: getenv, LookPath: lookPath}.withDefaults()
}

// withDefaults gives each field of e left empty its real default: this process's environment,
// PATH lookups in it, Exec, this build, this system and the trial of the wall.
func (e Env) withDefaults() Env {
	if e.Getenv == nil {
		e.Getenv = os.Getenv
	}
	if e.LookPath == nil {
		getenv := e.Getenv
		e.LookPath = func(name string) (string, error) { return lookpath.Shell(name, getenv("PATH")) }
	}
	if e.Output == nil {
		e.Output = Exec
	}
	if e.Build == (buildinfo.Info{}) {
		e.Build = buildinfo.Get()
	}
	if e.GOOS == "" {
		e.GOOS = runtime.GOOS
	}
	if e.Wall == nil {
		home := paths.HomeDir(e.Getenv)
		e.Wall = func(ctx context.Context) error { return wall.Probe(ctx, home) }
	}
	return e
}

func (e Env) timeout() time.Duration {
	if e.Timeout > 0 {
		return e.Timeout
	}
	return DefaultTimeout
}

// output runs name with args under the Env's timeout.
func (e Env) output(ctx context.Context, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, e.timeout())
	defer cancel()
	out, err := e.Output(ctx, name, args...)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return out, errors.New("timed out after " + e.timeout().String())
	}
	return out, err
}

// Exec is the Output of the running process: it runs name with args, without a shell, and kills
// its whole process group when ctx is done (a probed program may have started children).
func Exec(ctx context.Context, name string, args ...string) ([]byte, error) {
	return proc.Output(ctx, name, args...)
}
