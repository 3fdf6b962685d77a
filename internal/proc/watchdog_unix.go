//go:build unix

package proc

import (
	"io"
	"os/exec"
	"syscall"
)

// watchdogScript waits for a line on stdin: "done" when the child's run ended normally. End of
// input without it means this process died (even by SIGKILL, which nothing can catch), and the
// watchdog kills its own process group, which the child was started in: the parent-death signal
// reaches only the child itself, not what it started (a wrapper script's real claude, the tools
// claude runs).
const watchdogScript = `IFS= read -r line; [ "$line" = done ] || kill -s KILL 0`

// watchdog is a /bin/sh leading a process group of its own, which outlives this process just
// long enough to kill that group.
type watchdog struct {
	cmd   *exec.Cmd
	input io.WriteCloser
}

// startWatchdog starts a watchdog and makes c (made by Command) start in its process group, so
// that no moment of c's run is unguarded: were c started first, a death of this process before
// the watchdog started would leave what c started meanwhile running. Nil when it cannot start
// one: c then starts in a group of its own, with its parent-death signal still.
func startWatchdog(c *exec.Cmd) *watchdog {
	w := exec.Command("/bin/sh", "-c", watchdogScript)
	w.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not killed with our own group
	in, err := w.StdinPipe()
	if err != nil {
		return nil
	}
	if err := w.Start(); err != nil {
		return nil
	}
	SetGroup(c)
	c.SysProcAttr.Pgid = w.Process.Pid
	return &watchdog{cmd: w, input: in}
}

// stop tells the watchdog the run ended normally (Run has killed its group, the watchdog with it,
// unless c never started) and waits for it to exit.
func (w *watchdog) stop() {
	if w == nil {
		return
	}
	_, _ = io.WriteString(w.input, "done\n")
	_ = w.input.Close()
	_ = w.cmd.Wait()
}
