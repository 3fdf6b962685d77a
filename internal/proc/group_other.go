//go:build !unix

package proc

import (
	"os"
	"os/exec"
)

// SetGroup does nothing where process groups are not available.
func SetGroup(*exec.Cmd) {}

// KillGroup kills c's process itself; its children are left to the system.
func KillGroup(c *exec.Cmd) error {
	if c.Process == nil {
		return nil
	}
	return c.Process.Kill()
}

// TerminationSignals are the signals that ask this process to stop.
var TerminationSignals = []os.Signal{os.Interrupt}
