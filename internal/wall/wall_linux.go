package wall

import (
	"context"
	_ "embed" // the stage
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// stage is the sh script unshare runs as PID 1 of the wall's namespaces (stage.sh).
//
//go:embed stage.sh
var stage string

// readyLine is what the stage prints on stdout when the wall stands, just before the command
// replaces it: everything before it is the stage's, everything after the command's.
const readyLine = "ccc-hooks-wall-ready\n"

// toolPath is where util-linux's programs are looked for, by us and by the stage.
const toolPath = "/usr/sbin:/usr/bin:/sbin:/bin"

func run(ctx context.Context, s Spec) (Result, error) {
	res := Result{Bounds: s.Bounds}
	tools := map[string]string{}
	for _, name := range []string{"unshare", "prlimit", "setsid", "setpriv"} {
		path, err := lookpath.Absolute(name, toolPath)
		if err != nil {
			return res, refused("util-linux's %s is missing (install util-linux 2.38 or later)", name)
		}
		tools[name] = path
	}
	p, err := planOf(ctx, s)
	if err != nil {
		return res, err
	}
	userns := os.Geteuid() != 0
	args := []string{"--mount", "--net", "--pid", "--ipc", "--fork", "--kill-child"}
	if userns {
		args = append([]string{"--map-current-user", "--keep-caps"}, args...)
	}
	args = append(args, "--", "/bin/sh", "-c", stage, "ccc-hooks-wall",
		strconv.Itoa(s.Bounds.DiskMB), strconv.Itoa(pidMax(s.Bounds)), strconv.Itoa(s.Bounds.Processes),
		strconv.Itoa(s.Bounds.MemoryMB), s.Dir, p.path, s.Command, tools["prlimit"], tools["setsid"], tools["setpriv"])
	c := exec.Command(tools["unshare"], append(args, p.args...)...)
	c.Env = p.env
	// A session of its own (the command makes another with setsid), killed with the hook.
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	c.WaitDelay = time.Second
	out := &stageOutput{readyCh: make(chan struct{}), tail: proc.Capped{Max: MaxOutput, Tail: true}}
	c.Stdout, c.Stderr = out, out
	started := time.Now()
	w, err := startAndWait(ctx, c, s.Timeout, out)
	res.Output, res.Truncated = out.tail.Bytes()
	if err != nil {
		return res, err
	}
	if out.ready.IsZero() {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, stageFailed(out.stageText(), userns)
	}
	res.Setup = out.ready.Sub(started)
	res.Ran = w.ended.Sub(out.ready)
	res.DiskFull = out.diskFull(s.Bounds.DiskMB)
	switch {
	case w.timedOut:
		res.TimedOut, res.ExitCode = true, -1
	case ctx.Err() != nil:
		return res, ctx.Err()
	default:
		res.ExitCode = w.code
	}
	return res, nil
}

// pidMax is the pid_max of the wall's PID namespace for b (its processes and threads at once),
// or 0 where the kernel has no pid_max of a namespace's own (before Linux 6.14 the file is the
// machine's, and root would set it for every process).
func pidMax(b Bounds) int {
	var u unix.Utsname
	if unix.Uname(&u) != nil || !atLeast(unix.ByteSliceToString(u.Release[:]), 6, 14) {
		return 0
	}
	return b.Processes + 1
}

// atLeast reports whether the kernel release (6.14.2-arch1) is major.minor or later.
func atLeast(release string, major, minor int) bool {
	var ma, mi int
	if n, _ := fmt.Sscanf(release, "%d.%d", &ma, &mi); n != 2 {
		return false
	}
	return ma > major || ma == major && mi >= minor
}

// planned is what the stage is told after the command and util-linux's programs: its fstab,
// its layers and its steps; and the command's environment and PATH.
type planned struct {
	args []string
	env  []string
	path string
}

// maxLayers is how many layers the stage's descriptors hold (3..9).
const maxLayers = 7

// planOf lays out the wall of s (layout_linux.go) as the stage's arguments.
func planOf(ctx context.Context, s Spec) (planned, error) {
	var p planned
	l := layoutOf(ctx, s)
	if len(l.layers) > maxLayers {
		return p, fmt.Errorf("wall: %d layers, at most %d", len(l.layers), maxLayers)
	}
	p.args = append([]string{l.fstab.String(), strconv.Itoa(len(l.layers))}, l.layers...)
	p.args = append(p.args, l.steps...)
	p.env = withTmpdir(s.Env)
	p.path = proc.Getenv(p.env, "PATH")
	if p.path == "" {
		p.path = toolPath
		p.env = append(p.env, "PATH="+p.path)
	}
	return p, nil
}

// withTmpdir returns env with TMPDIR set to the wall's fresh /tmp.
func withTmpdir(env []string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMPDIR=") {
			out = append(out, kv)
		}
	}
	return append(out, "TMPDIR=/tmp")
}
