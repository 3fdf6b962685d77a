//go:build unix

package supervisor

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup starts the reviewer in a process group of its own.
func setProcessGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the reviewer and everything it started.
func killProcessGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}

// terminationSignals end a review early: the hook is being stopped.
var terminationSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
