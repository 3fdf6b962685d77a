package wall

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// plan is what the wall's own process is told, as JSON on its descriptor 3: everything it must
// know before it can no longer look (the host's sockets are seen only from outside the new
// network namespace).
type plan struct {
	Project string
	Dir     string
	Home    string // "" for none
	Scratch string // holds p/ and h/, each with u (upper) and w (work)
	Command string
	Env     []string
	UID     int
	GID     int
	Userns  bool     // in a user namespace of its own (every user but root)
	Sockets []string // filesystem sockets of processes outside, to cover
	Git     []gitFix // the session's git configuration, replaced
}

// The descriptors of the wall's own process beside stdin, stdout and stderr.
const (
	planFD   = 3
	reportFD = 4
)

// initFailed is the exit status of the wall's own process when it could not set up the wall.
const initFailed = 125

func run(ctx context.Context, s Spec) (Result, error) {
	started := time.Now()
	sc, err := newScratch(s)
	if err != nil {
		return Result{}, err
	}
	p := plan{
		Project: s.Project, Dir: s.Dir, Home: s.Home, Scratch: sc.dir, Command: s.Command,
		Env: withTmpdir(s.Env), UID: os.Getuid(), GID: os.Getgid(), Userns: os.Geteuid() != 0,
		Sockets: hostSockets(), Git: gitFixes(s.Project),
	}
	res, err := start(ctx, p, s.Timeout, started)
	removed := time.Now()
	sc.remove()
	res.Teardown += time.Since(removed)
	return res, err
}

// start starts the wall's own process with p and waits for it and its command.
func start(ctx context.Context, p plan, timeout time.Duration, started time.Time) (Result, error) {
	var res Result
	planR, planW, err := os.Pipe()
	if err != nil {
		return res, err
	}
	defer planR.Close()
	reportR, reportW, err := os.Pipe()
	if err != nil {
		planW.Close()
		return res, err
	}
	defer reportR.Close()
	out := &tail{}
	c := exec.Command("/proc/self/exe", InitArg)
	c.Env = []string{"PATH=/usr/bin:/bin"}
	c.Stdout, c.Stderr = out, out
	c.ExtraFiles = []*os.File{planR, reportW}
	c.SysProcAttr = sysProcAttr(p)
	c.WaitDelay = time.Second

	// The parent-death signal goes with the thread that started the process: hold it until
	// Wait returns, so that a hook killed while a check runs takes the wall down with it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.Start(); err != nil {
		planW.Close()
		reportW.Close()
		return res, refused("cannot make the namespaces: %v", err)
	}
	reportW.Close()
	go func() {
		_ = json.NewEncoder(planW).Encode(p)
		planW.Close()
	}()
	reports := readReports(reportR)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var expired atomic.Bool
	if timeout > 0 {
		t := time.AfterFunc(timeout, func() { expired.Store(true); cancel() })
		defer t.Stop()
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			// PID 1 of the namespace: the kernel ends every process in it.
			_ = c.Process.Signal(syscall.SIGKILL)
		case <-done:
		}
	}()
	werr := c.Wait()
	close(done)
	ended := time.Now()
	rep := <-reports
	timedOut := expired.Load()
	res.Output, res.Truncated = out.bytes()
	switch {
	case rep.failed != "":
		return res, refused("%s", rep.failed)
	case rep.ready.IsZero():
		if ctx.Err() != nil && !timedOut {
			return res, ctx.Err()
		}
		return res, refused("the wall's own process ended before the wall stood (%v)", werr)
	}
	res.Setup = rep.ready.Sub(started)
	res.Ran = ended.Sub(rep.ready)
	if !rep.exited.IsZero() {
		res.Ran = rep.exited.Sub(rep.ready)
		res.Teardown = ended.Sub(rep.exited)
	}
	switch {
	case timedOut:
		res.TimedOut, res.ExitCode = true, -1
	case ctx.Err() != nil:
		return res, ctx.Err()
	case rep.exited.IsZero():
		return res, fmt.Errorf("wall: the command's end was not reported: %w", werr)
	default:
		res.ExitCode = rep.code
	}
	return res, nil
}

// sysProcAttr returns how the wall's own process starts: in new namespaces, PID 1 of its own,
// in a session of its own (no controlling terminal: /dev/tty reaches no one), killed when the
// hook dies. As root it needs no user namespace (and keeps the real owners of every file, so
// that the layers can copy any of them up); any other user gets one in which it is itself, with
// the capabilities to build the wall kept across the start of this binary (ambient).
func sysProcAttr(p plan) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{
		Cloneflags: syscall.CLONE_NEWNS | syscall.CLONE_NEWNET | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC,
		Setsid:     true,
		Pdeathsig:  syscall.SIGKILL,
	}
	if p.Userns {
		a.Cloneflags |= syscall.CLONE_NEWUSER
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: p.UID, HostID: p.UID, Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: p.GID, HostID: p.GID, Size: 1}}
		a.GidMappingsEnableSetgroups = false
		// Every capability, as `unshare -r` has them: the overlay does its own work (copying a
		// file up, writing a whiteout) with the capabilities of the process that mounted it.
		for c := uintptr(0); c <= uintptr(lastCap()); c++ {
			a.AmbientCaps = append(a.AmbientCaps, c)
		}
	}
	return a
}

// report is what the wall's own process said on its descriptor 4.
type report struct {
	ready, exited time.Time
	code          int
	failed        string
}

// readReports reads the lines of the wall's own process as they come, each stamped when read:
// "ready" when the wall stands and the command starts, "exit N" when it ended, "error WHY".
func readReports(r *os.File) <-chan report {
	ch := make(chan report, 1)
	go func() {
		var rep report
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			word, rest, _ := strings.Cut(sc.Text(), " ")
			switch word {
			case "ready":
				rep.ready = time.Now()
			case "exit":
				rep.exited = time.Now()
				rep.code, _ = strconv.Atoi(rest)
			case "error":
				rep.failed = rest
			}
		}
		ch <- rep
	}()
	return ch
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
