// Package wall runs one shell command where nothing it does can last or leave the machine: the
// copy-on-write wall the supervisor's checks run behind (package hookrt/checks).
//
// On Linux (wall_linux.go, init_linux.go, mounts_linux.go) the command runs in new user, mount,
// network, PID and IPC namespaces. The project directory and the home directory are seen at their
// own paths through throwaway overlay layers, so the command may write, delete and rename there
// and none of it reaches the files below; /tmp, /var/tmp and /run are fresh and empty; every
// other mount is read-only; /dev holds only null, zero, full, random, urandom and tty; /proc is
// the new PID namespace's own; the network is a loopback of its own, which reaches no process
// outside; filesystem sockets of processes outside are covered; the session's git configuration
// and hooks are replaced by a configuration this package writes (gitconfig_linux.go). The command runs
// without capabilities and cannot gain any (no_new_privs). When the command ends, the namespace
// goes with every process it started, and the layers are removed.
//
// On macOS (wall_darwin.go) Seatbelt gives no copy-on-write layer: the command runs under
// sandbox-exec with the project and home directory read-only, writes only in a temporary
// directory of its own, and no network. Elsewhere (native Windows, other systems) there is no
// wall, and Run refuses with a *RefusedError: a check is never run bare.
//
// The wall's own process on Linux is this binary started again with InitArg as its first
// argument (from /proc/self/exe): a main (ccc-hooks' cmd.Main, a test's TestMain) hands such a
// start to Init before anything else.
package wall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// InitArg is the first argument of the wall's own process (see Init).
const InitArg = "__ccc-hooks-wall-init"

// Spec is one command to run behind the wall.
type Spec struct {
	// Project is the directory seen through a throwaway layer at its own path (an absolute path;
	// the git top level of Dir, or Dir itself).
	Project string
	// Dir is where the command starts: Project or a directory below it.
	Dir string
	// Home is the user's home directory, seen through a throwaway layer too ("" for none).
	Home string
	// Command is run by /bin/sh -c.
	Command string
	// Env is the command's environment; TMPDIR is set to /tmp. Its TMPDIR, where set, is where
	// the layers' writes go (see Scratch).
	Env []string
	// Timeout, when positive, ends the command and everything it started after that long.
	Timeout time.Duration
	// Scratch is where the layers' writes go while the command runs: a directory outside
	// Project and Home ("" for Env's TMPDIR or the system's temporary directories, see
	// scratchBase).
	Scratch string
}

// Result is how one command ended behind the wall.
type Result struct {
	ExitCode int  // the command's exit status; 128+N when signal N ended it; -1 when it timed out
	TimedOut bool // Timeout passed and the command was ended
	// Output is the end of what the command wrote to stdout and stderr, together and in order
	// (at most MaxOutput bytes).
	Output []byte
	// Truncated says that the command wrote more than Output holds.
	Truncated bool
	// Ran is how long the command itself ran; Setup and Teardown are the wall's own cost
	// before and after it (namespaces, layers, the removal of what the layers kept).
	Ran, Setup, Teardown time.Duration
}

// MaxOutput is how much of the end of a command's output Run keeps.
const MaxOutput = 64 << 10

// RefusedError is a wall this machine cannot give; the command did not run.
type RefusedError struct{ Why string }

func (e *RefusedError) Error() string { return "no copy-on-write wall here: " + e.Why }

// refused returns a *RefusedError saying why, from a format.
func refused(format string, args ...any) error {
	return &RefusedError{Why: fmt.Sprintf(format, args...)}
}

// IsRefused reports whether err is a wall this machine cannot give.
func IsRefused(err error) bool {
	var r *RefusedError
	return errors.As(err, &r)
}

// Run runs s.Command behind the wall and returns how it ended. An error means it did not run
// to an end of its own: a *RefusedError when the machine cannot give the wall, else what failed.
// A command that runs past s.Timeout is not an error: Result.TimedOut says so.
func Run(ctx context.Context, s Spec) (Result, error) {
	if err := s.check(); err != nil {
		return Result{}, err
	}
	return run(ctx, s)
}

// Probe runs `true` behind a wall around a new empty directory (and home, when given): nil when
// this machine gives the wall, else why not.
func Probe(ctx context.Context, home string) error {
	dir, err := os.MkdirTemp("", "ccc-hooks-wall-probe-")
	if err != nil {
		return refused("make a trial directory: %v", err)
	}
	defer os.RemoveAll(dir)
	res, err := Run(ctx, Spec{Project: dir, Dir: dir, Home: home, Command: "true", Timeout: probeTimeout})
	switch {
	case err != nil:
		return err
	case res.TimedOut:
		return refused("a trial command did not end within %s behind the wall", probeTimeout)
	case res.ExitCode != 0:
		return refused("a trial command failed behind the wall (exit status %d): %s", res.ExitCode, oneLine(string(res.Output)))
	}
	return nil
}

const probeTimeout = 10 * time.Second

// check refuses a Spec that cannot be a wall: relative paths, Dir outside Project, a project
// that is the whole system.
func (s *Spec) check() error {
	if !filepath.IsAbs(s.Project) || !filepath.IsAbs(s.Dir) {
		return fmt.Errorf("wall: project %q and directory %q must be absolute paths", s.Project, s.Dir)
	}
	s.Project, s.Dir = filepath.Clean(s.Project), filepath.Clean(s.Dir)
	if s.Project == "/" || s.Project == filepath.VolumeName(s.Project)+`\` {
		return refused("the project is the root directory")
	}
	if !Within(s.Dir, s.Project) {
		return fmt.Errorf("wall: directory %s is not in the project %s", s.Dir, s.Project)
	}
	if s.Home != "" {
		// A home directory that is not one (unset, gone, the root) gets no layer of its own:
		// it is read-only as the rest is.
		s.Home = filepath.Clean(s.Home)
		if fi, err := os.Stat(s.Home); !filepath.IsAbs(s.Home) || s.Home == "/" || err != nil || !fi.IsDir() {
			s.Home = ""
		}
	}
	if strings.TrimSpace(s.Command) == "" {
		return errors.New("wall: no command")
	}
	return nil
}

// Within reports whether path is dir or lies below it (both clean and absolute).
func Within(path, dir string) bool {
	if path == dir {
		return true
	}
	if dir == "/" {
		return strings.HasPrefix(path, "/")
	}
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
