package wall

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Init is the wall's own process: this binary started by Run with InitArg as its first argument,
// as PID 1 of new namespaces. It reads the plan, builds the wall (mounts_linux.go), starts the
// command without capabilities, waits for it, and returns the exit status its main returns.
// When it returns, the kernel ends every process left in the namespace, and the mounts go with
// it. It reports on descriptor 4: "ready" when the command starts, "exit N" when it ended, or
// "error WHY" when the wall could not be built (the command then never starts).
func Init() int {
	rep := os.NewFile(reportFD, "report")
	var p plan
	if err := json.NewDecoder(os.NewFile(planFD, "plan")).Decode(&p); err != nil {
		fmt.Fprintf(rep, "error read the wall's plan: %v\n", err)
		return initFailed
	}
	if err := build(&p); err != nil {
		fmt.Fprintf(rep, "error %s\n", oneLine(err.Error()))
		return initFailed
	}
	code, err := command(&p, rep)
	if err != nil {
		fmt.Fprintf(rep, "error %s\n", oneLine(err.Error()))
		return initFailed
	}
	fmt.Fprintf(rep, "exit %d\n", code)
	return 0
}

// command starts the plan's command and waits for it. Its capabilities are dropped first, on the
// thread that starts it (capabilities belong to a thread, and the command inherits the starting
// thread's): the bounding set emptied, none permitted, inheritable or ambient, and no_new_privs,
// so that neither root's executables nor a setuid or file-capability program gives any back.
func command(p *plan, rep *os.File) (int, error) {
	runtime.LockOSThread() // never unlocked: the thread ends with the process
	if err := dropCapabilities(); err != nil {
		return 0, fmt.Errorf("drop capabilities: %w", err)
	}
	c := exec.Command("/bin/sh", "-c", p.Command)
	c.Dir = p.Dir
	c.Env = p.Env
	c.Stdout, c.Stderr = os.Stdout, os.Stderr
	if err := c.Start(); err != nil {
		return 0, fmt.Errorf("start /bin/sh: %w", err)
	}
	// The command has its own copies of stdout and stderr; this process's go nowhere from now on,
	// so that nothing of its own (the Go runtime's last words, a coverage build's warning) ever
	// reads as the command's output. It reports on descriptor 4.
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		_ = unix.Dup2(int(null.Fd()), 1)
		_ = unix.Dup2(int(null.Fd()), 2)
	}
	fmt.Fprintln(rep, "ready")
	// PID 1 adopts every orphan of the namespace: reap them all until the command is reaped.
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("wait for the command: %w", err)
		}
		if pid != c.Process.Pid {
			continue
		}
		if ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
		return ws.ExitStatus(), nil
	}
}

// dropCapabilities leaves the calling thread with no capability it could use or regain.
func dropCapabilities() error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	for c := 0; c <= lastCap(); c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
			return fmt.Errorf("bounding set: %w", err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("ambient set: %w", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	return unix.Capset(&hdr, &data[0])
}

// lastCap is the highest capability this kernel knows.
func lastCap() int {
	data, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return 63
	}
	var n int
	if _, err := fmt.Sscan(strings.TrimSpace(string(data)), &n); err != nil {
		return 63
	}
	return n
}
