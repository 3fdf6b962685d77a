//go:build unix && !linux

package proc

import "syscall"

// setParentDeathSignal does nothing: only Linux has a parent-death signal. Elsewhere a hook
// killed with SIGKILL leaves its reviewer to finish (or time out) on its own.
func setParentDeathSignal(*syscall.SysProcAttr) {}
