//go:build unix

package proc

import (
	"io"
	"os/exec"
	"strconv"
	"syscall"
)

// watchdogScript waits for a line on stdin: "done" when the child's run ended normally. End of
// input without it means this process died (even by SIGKILL, which nothing can catch), and the
// child's whole process group is killed: the parent-death signal reaches only the child itself,
// not what it started (a wrapper script's real claude, the tools claude runs).
const watchdogScript = `IFS= read -r line; [ "$line" = done ] || kill -s KILL -- "-$1"`

// watchdog is a /bin/sh in a process group of its own that outlives this process just long
// enough to kill the group led by pid.
type watchdog struct {
	cmd   *exec.Cmd
	input io.WriteCloser
}

// startWatchdog starts a watchdog for the process group led by pid; nil when it cannot (the
// child then still has its parent-death signal).
func startWatchdog(pid int) *watchdog {
	c := exec.Command("/bin/sh", "-c", watchdogScript, "sh", strconv.Itoa(pid))
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not killed with our own group
	in, err := c.StdinPipe()
	if err != nil {
		return nil
	}
	if err := c.Start(); err != nil {
		return nil
	}
	return &watchdog{cmd: c, input: in}
}

// stop tells the watchdog the run ended normally and waits for it to exit.
func (w *watchdog) stop() {
	if w == nil {
		return
	}
	_, _ = io.WriteString(w.input, "done\n")
	_ = w.input.Close()
	_ = w.cmd.Wait()
}
