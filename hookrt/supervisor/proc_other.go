//go:build !unix

package supervisor

import (
	"os"
	"os/exec"
)

// setProcessGroup is a no-op where process groups are not available.
func setProcessGroup(*exec.Cmd) {}

// killProcessGroup kills the reviewer itself; its children are left to the system.
func killProcessGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return p.Kill()
}

// terminationSignals end a review early: the hook is being stopped.
var terminationSignals = []os.Signal{os.Interrupt}
