package wall

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// stageFailed is the refusal of a wall whose stage ended before the wall stood, saying what it
// said; for a user namespace, with the cause and the fix where the machine refuses user
// namespaces to this process (usernsRefusal).
func stageFailed(said string, userns bool) error {
	if said == "" {
		said = "the wall's stage ended before the wall stood"
	}
	said = clip.OneLine(said)
	if userns {
		if cause := usernsRefusal(sysctl, tryUserns()); cause != "" {
			return refused("%s (%s)", cause, said)
		}
	}
	return refused("%s", said)
}

// tryUserns starts /bin/true in a user namespace of its own, as unshare would make it: nil where
// the kernel makes one, else its errno.
func tryUserns() error {
	c := exec.Command("/bin/true")
	c.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}},
	}
	err := c.Run()
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno
	}
	return nil
}

// sysctl reads a kernel setting by its file below /proc/sys ("" where there is none).
func sysctl(name string) string {
	data, err := safefile.ReadRegular("/proc/sys/"+strings.ReplaceAll(name, ".", "/"), 64)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// usernsRefusal names why the machine refuses this process a user namespace, and the fix, from
// the errno of a trial (tried: nil when one was made) and the kernel's settings (read); "" when
// nothing refuses one. Each cause as the kernel gives it: a limit of 0 and a limit reached both
// fail with ENOSPC, a namespace nested too deep with EUSERS, Debian's and Ubuntu's older switch
// with EPERM; Ubuntu's AppArmor (23.10 and later) lets the namespace be made and takes its
// capabilities, so that the wall's mounts fail.
func usernsRefusal(read func(string) string, tried error) string {
	const keep = " (and in a file of /etc/sysctl.d to keep it)"
	switch {
	case errors.Is(tried, syscall.ENOSPC) && read("user.max_user_namespaces") == "0":
		return "user namespaces are switched off on this machine (user.max_user_namespaces = 0); " +
			"to allow them: sysctl -w user.max_user_namespaces=10000" + keep
	case errors.Is(tried, syscall.ENOSPC):
		return "the limit of user namespaces is reached (user.max_user_namespaces = " + read("user.max_user_namespaces") +
			", counted per user and per namespace); to allow more: raise it with sysctl -w" + keep + ", or end the programs that hold them"
	case errors.Is(tried, syscall.EUSERS):
		return "user namespaces are nested too deep here (the kernel allows 32): run Claude Code in a shallower container"
	case errors.Is(tried, syscall.EPERM) && read("kernel.unprivileged_userns_clone") == "0":
		return "user namespaces are switched off for users but root (kernel.unprivileged_userns_clone = 0); " +
			"to allow them: sysctl -w kernel.unprivileged_userns_clone=1" + keep
	case errors.Is(tried, syscall.EPERM):
		return "the kernel refuses this process a user namespace (a container's seccomp profile, or a security module); " +
			"allow user namespaces to it"
	case tried == nil && read("kernel.apparmor_restrict_unprivileged_userns") == "1":
		return "AppArmor takes the capabilities of a user namespace made by an unconfined program " +
			"(kernel.apparmor_restrict_unprivileged_userns = 1, Ubuntu 23.10 and later); to allow the wall: " +
			"an AppArmor profile that grants userns to /usr/bin/unshare, or sysctl -w kernel.apparmor_restrict_unprivileged_userns=0" + keep
	}
	return ""
}
