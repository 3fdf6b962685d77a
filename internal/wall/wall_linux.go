package wall

import (
	"bytes"
	"context"
	_ "embed" // the stage
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	p, err := planOf(s)
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
	out := &stageOutput{readyCh: make(chan struct{})}
	c.Stdout, c.Stderr = out, out
	started := time.Now()
	w, err := startAndWait(ctx, c, s.Timeout, out)
	res.Output, res.Truncated = out.tail.bytes()
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

// waited is how unshare ended: its exit status as wait(2) gave it (128+N for signal N).
type waited struct {
	code     int
	timedOut bool
	ended    time.Time
}

// setupLimit bounds the wall's setup: a stage that has not stood the wall by then is ended.
const setupLimit = time.Minute

// startAndWait starts c and waits for it, ending it when ctx is done, when the wall has not stood
// within setupLimit, or timeout after it stood (the command's own time). It starts c from a
// thread of its own that joined a new session keyring first (keyrings belong to threads, and a
// child inherits the starting thread's): the command gets an empty session keyring of its own,
// gone with it. The thread is never used again (it ends with its goroutine), and it lives until c
// is waited for: the parent-death signal goes with the thread that started the child.
func startAndWait(ctx context.Context, c *exec.Cmd, timeout time.Duration, out *stageOutput) (waited, error) {
	var w waited
	started := make(chan error, 1)
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: see above
		if err := newSessionKeyring(); err != nil {
			started <- refused("cannot give the command a session keyring of its own: %v", err)
			return
		}
		closeOnExec()
		if err := c.Start(); err != nil {
			started <- refused("cannot start unshare: %v", err)
			return
		}
		out.started(c.Process.Pid)
		started <- nil
		done <- c.Wait()
	}()
	if err := <-started; err != nil {
		return w, err
	}
	var expired, late atomic.Bool
	end := func() { killNamespace(c.Process.Pid) }
	setup := time.AfterFunc(setupLimit, func() { late.Store(true); end() })
	defer setup.Stop()
	var run *time.Timer
	var err error
	ready := out.readyCh
	for err == nil {
		select {
		case err = <-done:
			if err == nil {
				err = errDone
			}
		case <-ready:
			setup.Stop()
			ready = nil
			if timeout > 0 {
				run = time.AfterFunc(timeout, func() { expired.Store(true); end() })
			}
		case <-ctx.Done():
			end()
			err = <-done
			if err == nil {
				err = errDone
			}
		}
	}
	if run != nil {
		run.Stop()
	}
	w.ended = time.Now()
	w.timedOut = expired.Load()
	if late.Load() {
		return w, refused("the wall did not stand within %s", setupLimit)
	}
	var exit *exec.ExitError
	switch {
	case errors.Is(err, errDone):
	case errors.As(err, &exit):
		w.code = exitCode(exit.ProcessState)
	default:
		return w, fmt.Errorf("wall: %w", err)
	}
	return w, nil
}

// errDone stands for a Wait that returned nil in startAndWait's loop.
var errDone = errors.New("done")

// exitCode is the status a shell reports for st: the exit status, or 128+N for signal N.
func exitCode(st *os.ProcessState) int {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return st.ExitCode()
}

// killNamespace ends the wall of unshare's process pid: its child, PID 1 of the namespace (the
// kernel then ends every process in it, and unshare reaps it and ends), else unshare itself,
// which takes its child down with it (--kill-child).
func killNamespace(pid int) {
	killed := false
	if p, ok := proc.Lookup(pid); ok {
		for _, child := range p.Children() {
			killed = child.Kill() == nil || killed
		}
	}
	if !killed {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// newSessionKeyring joins the calling thread to a new anonymous session keyring (keyctl
// KEYCTL_JOIN_SESSION_KEYRING with no name: a named one could be joined by another process).
// A kernel without keys has nothing to keep apart.
func newSessionKeyring() error {
	_, _, errno := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0)
	if errno != 0 && errno != unix.ENOSYS {
		return errno
	}
	return nil
}

// closeOnExec marks every descriptor of this process but 0, 1 and 2 close-on-exec: Go opens its
// own so, but one inherited from whoever started this process (a shell's `7</dir`) is not, and
// would reach the command.
func closeOnExec() {
	entries, _ := os.ReadDir("/proc/self/fd")
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			unix.CloseOnExec(fd)
		}
	}
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

// stageOutput is what unshare's stdout and stderr carry: the stage's words up to readyLine, then
// the command's output, whose end it keeps.
type stageOutput struct {
	mu    sync.Mutex
	stage []byte // before readyLine (at most MaxOutput bytes)
	tail  tail
	ready time.Time
	// readyCh is closed when the wall stands.
	readyCh chan struct{}
	pid     int      // unshare's process
	root    *os.File // the wall's root, opened when it stands (see diskFull)
}

func (o *stageOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.ready.IsZero() {
		return o.tail.Write(p)
	}
	n := len(p)
	o.stage = append(o.stage, p...)
	i := bytes.Index(o.stage, []byte(readyLine))
	if i < 0 {
		if len(o.stage) > MaxOutput {
			o.stage = o.stage[len(o.stage)-MaxOutput:]
		}
		return n, nil
	}
	o.ready = time.Now()
	close(o.readyCh)
	// The wall's root, held so that its use can be read when the namespace is gone: unshare's
	// root is the wall's since the stage's pivot_root (which moves every process of the mount
	// namespace that was at the old root).
	o.root, _ = os.Open("/proc/" + strconv.Itoa(o.pid) + "/root")
	rest := o.stage[i+len(readyLine):]
	o.stage = o.stage[:i]
	_, _ = o.tail.Write(rest)
	return n, nil
}

// started records unshare's process.
func (o *stageOutput) started(pid int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pid = pid
}

// stageText is what the stage said, for a wall that did not stand.
func (o *stageOutput) stageText() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.TrimSpace(string(o.stage))
}

// diskFull reports whether the command's writes filled the wall's tmpfs of diskMB: less than a
// hundredth of it (at least 64 KiB) was left when it ended. It closes the root it reads.
func (o *stageOutput) diskFull(diskMB int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.root == nil {
		return false
	}
	defer o.root.Close()
	var st unix.Statfs_t
	if unix.Fstatfs(int(o.root.Fd()), &st) != nil || st.Type != unix.TMPFS_MAGIC {
		return false
	}
	free := int64(st.Bavail) * st.Bsize
	return free < max(64<<10, int64(diskMB)<<20/100)
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
func planOf(s Spec) (planned, error) {
	var p planned
	l := layoutOf(s)
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
