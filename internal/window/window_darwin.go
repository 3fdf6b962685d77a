package window

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

func startOfAncestor(pid int) (string, error) {
	if err := walkUp(os.Getpid(), pid, func(p int) (int, error) {
		kp, err := unix.SysctlKinfoProc("kern.proc.pid", p)
		if err != nil {
			return 0, err
		}
		return int(kp.Eproc.Ppid), nil
	}); err != nil {
		return "", err
	}
	kp, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil {
		return "", err
	}
	t := kp.Proc.P_starttime
	return fmt.Sprintf("%d.%06d", t.Sec, t.Usec), nil
}
