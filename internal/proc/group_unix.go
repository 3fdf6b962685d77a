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

// KillGroup kills the process group led by p (started with SetGroup).
func KillGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}

// TerminationSignals are the signals that ask this process to stop.
var TerminationSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
