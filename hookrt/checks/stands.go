package checks

import (
	"context"
	"errors"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// RunWall runs a command behind the copy-on-write wall; wall.Run is the system's.
type RunWall func(context.Context, wall.Spec) (wall.Result, error)

// errNoCopyOnWrite is WallStands off Linux.
var errNoCopyOnWrite = errors.New("no copy-on-write wall on " + runtime.GOOS)

// WallStands says whether the copy-on-write wall stands here for the reviewer's commands (nil:
// it does): on Linux, when a check of e ran behind it just now, else when a trial run says so
// (probe; wall.Probe with home, the user's home directory, when nil). Elsewhere never: macOS's
// Seatbelt gives no copy-on-write layer (a command that writes would fail there instead), and
// other systems have no wall.
func (e Evidence) WallStands(ctx context.Context, home string, probe func(context.Context) error) error {
	if runtime.GOOS != "linux" {
		return errNoCopyOnWrite
	}
	for _, r := range e.Results {
		if Ran(r) && !r.Reused {
			return nil
		}
	}
	if probe == nil {
		return wall.Probe(ctx, home)
	}
	return probe(ctx)
}
