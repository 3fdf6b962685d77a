package doctor

import (
	"context"
	"errors"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// DefaultTimeout bounds each program doctor runs to ask for its version.
const DefaultTimeout = 5 * time.Second

// Env carries the side effects of the checks beyond reading files.
type Env struct {
	// Getenv reads the environment of the user running doctor.
	Getenv func(string) string
	// LookPath finds a program the way a shell started with Getenv's PATH would.
	LookPath func(string) (string, error)
	// Output runs a program and returns its standard output; it must stop when ctx is done.
	Output func(ctx context.Context, name string, args ...string) ([]byte, error)
	// Build is this ccc-hooks, compared with the installed binaries a hook runs.
	Build buildinfo.Info
	// Timeout bounds each program run through Output; DefaultTimeout when zero.
	Timeout time.Duration
	// GOOS is the system doctor reports on (runtime.GOOS when empty).
	GOOS string
	// Wall tries the copy-on-write wall supervisor.checks run behind: nil when this machine
	// gives it, else why not (package wall, Probe). Nil: not tried, and doctor says so (a
	// warning), never that the wall stands.
	Wall func(context.Context) error
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
