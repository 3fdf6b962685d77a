// Package wall runs one shell command where nothing it does can last or leave the machine: the
// copy-on-write wall the supervisor's checks and the reviewer's Bash commands run behind
// (package hookrt/checks).
//
// On Linux (wall_linux.go) the wall is assembled from util-linux: unshare makes new mount,
// network, PID and IPC namespaces (and, for any user but root, a user namespace in which the
// user is itself), and a short POSIX sh stage (stage.sh) builds the command's world on a fresh
// tmpfs of bounded size, its mounts in one fstab (layout_linux.go): the system directories
// read-only, the project, the home directory and the repository's git directories through
// throwaway overlay layers at their own paths (gitconfig_linux.go: the repository's
// configuration replaced), fresh /tmp, /var/tmp, /run and /dev/shm, a /dev of a few nodes, the
// PID namespace's own /proc, a loopback of its own; then it execs the command through prlimit,
// setsid and setpriv (no capability, an empty bounding set, no_new_privs). No process of ours
// stays: the command is PID 1, and its exit status comes back from wait(2) through unshare
// (start_linux.go; output_linux.go reads the stage's word that the wall stands). When it ends,
// the kernel ends every process it started and drops the mounts with the namespace. Where the
// machine refuses a user namespace, refusal_linux.go names the cause and the fix.
//
// On macOS (wall_darwin.go) Seatbelt gives no copy-on-write layer: the command runs under
// sandbox-exec with the project and home directory read-only, writes only in a temporary
// directory of its own, and no network. Elsewhere (native Windows, other systems) there is no
// wall, and Run refuses with a *RefusedError: a command is never run bare.
package wall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Spec is one command to run behind the wall.
type Spec struct {
	// Project is the directory seen through a throwaway layer at its own path (an absolute path;
	// the git top level of Dir, or Dir itself).
	Project string
	// Dir is where the command starts: Project or a directory below it.
	Dir string
	// Home is the user's home directory, seen through a throwaway layer too ("" for none): its
	// credential files (Credentials, and Hidden) are empty there.
	Home string
	// Hidden are more paths below Home, relative to it, that are empty inside the wall.
	Hidden []string
	// Command is run by /bin/sh -c.
	Command string
	// Env is the command's environment; TMPDIR is set to /tmp.
	Env []string
	// Timeout ends the command and everything it started after that long (DefaultTimeout when
	// not positive: a command behind the wall is always bounded in time).
	Timeout time.Duration
	// Bounds bound what the command may take besides time; a zero field is its default.
	Bounds Bounds
}

// Bounds are what a command behind the wall may take besides time.
type Bounds struct {
	// DiskMB bounds what the command writes, in all: its layers and its fresh /tmp, /var/tmp,
	// /run and /dev/shm share one tmpfs of this size.
	DiskMB int
	// MemoryMB bounds each process's data (RLIMIT_DATA: its heap and other private writable
	// memory).
	MemoryMB int
	// Processes bounds the processes and threads the command runs at once (a PID namespace's
	// own pid_max, Linux 6.14; and RLIMIT_NPROC in a user namespace).
	Processes int
}

// DefaultTimeout is the time limit of a Spec that names none, and a check's that names none
// (config.DefaultCheckTimeoutSeconds is DefaultTimeoutSeconds).
const (
	DefaultTimeoutSeconds = 300
	DefaultTimeout        = DefaultTimeoutSeconds * time.Second
)

// DefaultBounds are the bounds of a Spec that names none.
var DefaultBounds = Bounds{DiskMB: 2048, MemoryMB: 4096, Processes: 4096}

// Ranges of Bounds' fields: a PID namespace's pid_max is at least 301.
const (
	MinDiskMB, MaxDiskMB       = 16, 1 << 20
	MinMemoryMB, MaxMemoryMB   = 256, 1 << 22
	MinProcesses, MaxProcesses = 300, 1 << 22
)

func (b Bounds) withDefaults() Bounds {
	if b.DiskMB <= 0 {
		b.DiskMB = DefaultBounds.DiskMB
	}
	if b.MemoryMB <= 0 {
		b.MemoryMB = DefaultBounds.MemoryMB
	}
	if b.Processes <= 0 {
		b.Processes = DefaultBounds.Processes
	}
	return b
}

// Credentials are the files and directories below the home directory that hold credentials:
// inside the wall each is empty (a directory with nothing in it, a file of no bytes). A check's
// output goes into the review prompt; it has no network to use a key on.
var Credentials = []string{
	".ssh", ".gnupg", ".aws", ".azure", ".kube", ".config/gcloud", ".config/gh", ".config/hub",
	".docker/config.json", ".netrc", ".git-credentials", ".claude/.credentials.json",
	".npmrc", ".pypirc", ".cargo/credentials", ".cargo/credentials.toml", ".gem/credentials",
	".terraform.d/credentials.tfrc.json", ".vault-token", ".pgpass", ".password-store",
	".local/share/keyrings", ".config/containers/auth.json", ".oci",
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
	// Ran is how long the command ran, with the end of its namespaces; Setup is the wall's own
	// cost before it (namespaces, layers). Teardown is the wall's cost after it where the wall
	// has one of its own (macOS: its temporary directory removed).
	Ran, Setup, Teardown time.Duration
	// Bounds are the bounds it ran under; DiskFull says that its writes filled DiskMB.
	Bounds   Bounds
	DiskFull bool
}

// MaxOutput is how much of the end of a command's output Run keeps.
const MaxOutput = 64 << 10

// RefusedError is a wall this machine cannot give; the command did not run.
type RefusedError struct{ Why string }

func (e *RefusedError) Error() string { return "no copy-on-write wall here: " + e.Why }

func refused(format string, args ...any) error {
	return &RefusedError{Why: fmt.Sprintf(format, args...)}
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
		return refused("a trial command failed behind the wall (exit status %d): %s", res.ExitCode, clip.OneLine(string(res.Output)))
	}
	return nil
}

const probeTimeout = 10 * time.Second

// check refuses a Spec that cannot be a wall: relative paths, Dir outside Project, a project
// that is the whole system, a hidden path outside the home directory, a command no program can
// be handed (blank, or holding a NUL byte).
func (s *Spec) check() error {
	if !filepath.IsAbs(s.Project) || !filepath.IsAbs(s.Dir) {
		return fmt.Errorf("wall: project %q and directory %q must be absolute paths", s.Project, s.Dir)
	}
	s.Project, s.Dir = filepath.Clean(s.Project), filepath.Clean(s.Dir)
	if s.Project == "/" || s.Project == filepath.VolumeName(s.Project)+`\` {
		return refused("the project is the root directory")
	}
	if !paths.Within(s.Dir, s.Project) {
		return fmt.Errorf("wall: directory %s is not in the project %s", s.Dir, s.Project)
	}
	if s.Home != "" {
		// A home directory that is not one (unset, gone, the root) gets no layer of its own and
		// is not shown.
		s.Home = filepath.Clean(s.Home)
		if fi, err := os.Stat(s.Home); !filepath.IsAbs(s.Home) || s.Home == "/" || err != nil || !fi.IsDir() {
			s.Home = ""
		}
	}
	for _, h := range s.Hidden {
		if h == "" || filepath.IsAbs(h) || !filepath.IsLocal(h) {
			return fmt.Errorf("wall: hidden path %q is not below the home directory", h)
		}
	}
	switch {
	case strings.TrimSpace(s.Command) == "":
		return errors.New("wall: no command")
	case strings.ContainsRune(s.Command, 0):
		return errors.New("wall: the command holds a NUL byte")
	}
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	s.Bounds = s.Bounds.withDefaults()
	return nil
}
