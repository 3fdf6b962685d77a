//go:build !unix

package proc

import "os/exec"

// watchdog does nothing where process groups are not available.
type watchdog struct{}

func startWatchdog(*exec.Cmd) *watchdog { return nil }

func (w *watchdog) stop() {}
