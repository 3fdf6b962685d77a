package proc

import "syscall"

// setParentDeathSignal has the kernel send SIGKILL to the child when the thread that started it
// exits: with Run holding that thread, when this process dies.
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
