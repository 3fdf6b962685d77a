//go:build unix

package proc

import (
	"os"
	"os/exec"
	"syscall"
)

// SetGroup makes c start in a process group of its own and, where the system has it, be killed
// when this process dies (see the package comment for how it must then be started).
func SetGroup(c *exec.Cmd) {
	if c.SysProcAttr == nil {
		c.SysProcAttr = &syscall.SysProcAttr{}
	}
	c.SysProcAttr.Setpgid = true
	setParentDeathSignal(c.SysProcAttr)
}

// KillGroup kills the process group c was started in (with SetGroup): its own, or the one Run's
// watchdog leads.
func KillGroup(c *exec.Cmd) error {
	if c.Process == nil {
		return nil
	}
	group := c.Process.Pid
	if a := c.SysProcAttr; a != nil && a.Pgid != 0 {
		group = a.Pgid
	}
	return syscall.Kill(-group, syscall.SIGKILL)
}

// TerminationSignals are the signals that ask this process to stop.
var TerminationSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
