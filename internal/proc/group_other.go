//go:build !unix

package proc

import (
	"os"
	"os/exec"
)

// SetGroup does nothing where process groups are not available.
func SetGroup(*exec.Cmd) {}

// KillGroup kills p itself; its children are left to the system.
func KillGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return p.Kill()
}

// TerminationSignals are the signals that ask this process to stop.
var TerminationSignals = []os.Signal{os.Interrupt}
