package cmd

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func init() {
	scriptCommands["wallprobe"] = wallProbe
}

// wallProbe is what the scripts of testdata/wall run behind the wall to look at it from inside
// (copied into the project as `wallprobe`: the wall shows nothing of /tmp, where the test binary
// lives). Each subcommand prints what it found, one line, and exits 0:
//
//	caps              how many tasks of every process in sight hold a capability
//	dial NET ADDR     whether a listener answered
//	fifo PATH         whether a reader waits on the FIFO at PATH (a write-only open that does not block)
//	open PATH         whether PATH opens for reading (a device node)
//	mounts            the mounts without nosuid or nodev, but the wall's device nodes and pseudo-terminals
//	keyring-add DESC  adds a key to the session keyring and prints its serial
//	keyring-session DESC PROG ARGS...
//	                  runs PROG in a new session keyring (outside the wall: as a login session
//	                  gives Claude Code one), then says whether a key DESC is in it
//	alloc MB          whether MB of memory can be had and written
//	spawn N           how many of N sleeping processes start
func wallProbe() {
	args := os.Args[1:]
	if len(args) == 0 {
		fmt.Println("wallprobe: no subcommand")
		return
	}
	var out string
	switch args[0] {
	case "caps":
		out = capableTasks()
	case "dial":
		c, err := net.DialTimeout(args[1], args[2], 2*time.Second)
		out = "dial " + args[2] + ": " + result(err)
		if err == nil {
			c.Close()
		}
	case "fifo":
		fd, err := unix.Open(args[1], unix.O_WRONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		out = "fifo " + args[1] + ": " + result(err)
		if err == nil {
			_, _ = unix.Write(fd, []byte("from behind the wall\n"))
			unix.Close(fd)
		}
	case "open":
		f, err := os.Open(args[1])
		out = "open " + args[1] + ": " + result(err)
		if err == nil {
			f.Close()
		}
	case "mounts":
		out = unsafeMounts()
	case "keyring-session":
		out = inSessionKeyring(args[1], args[2], args[3:])
	case "keyring-add":
		id, err := unix.AddKey("user", args[1], []byte("secret"), unix.KEY_SPEC_SESSION_KEYRING)
		out = fmt.Sprintf("key %d: %s", id, result(err))
	case "alloc":
		mb, _ := strconv.Atoi(args[1])
		out = "alloc " + args[1] + " MB: " + result(allocate(mb))
	case "spawn":
		n, _ := strconv.Atoi(args[1])
		out = fmt.Sprintf("spawned %d of %d", spawn(n), n)
	default:
		out = "wallprobe: unknown subcommand " + args[0]
	}
	fmt.Println(out)
}

func result(err error) string {
	if err != nil {
		return "refused (" + err.Error() + ")"
	}
	return "reached"
}

// capableTasks counts the tasks in sight (every thread of every process /proc shows) whose
// effective, permitted or bounding set holds a capability, naming each.
func capableTasks() string {
	procs, _ := filepath.Glob("/proc/[0-9]*/task/[0-9]*/status")
	var capable []string
	for _, status := range procs {
		data, err := os.ReadFile(status)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			name, value, _ := strings.Cut(line, ":")
			if (name == "CapEff" || name == "CapPrm" || name == "CapBnd") && strings.Trim(strings.TrimSpace(value), "0") != "" {
				capable = append(capable, status+" "+name+strings.TrimSpace(value))
				break
			}
		}
	}
	return strings.TrimSpace(fmt.Sprintf("tasks in sight: %d; with a capability: %d %s", len(procs), len(capable), strings.Join(capable, " ")))
}

// unsafeMounts lists the mounts of /proc/self/mountinfo that lack nosuid or nodev, but for the
// device nodes the wall binds into /dev and its own pseudo-terminal instance.
func unsafeMounts() string {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "mounts: " + err.Error()
	}
	allowed := map[string]bool{"/dev/pts": true, "/dev/ptmx": true}
	for _, d := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		allowed["/dev/"+d] = true
	}
	var bad []string
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) < 6 {
			continue
		}
		opts := "," + f[5] + ","
		nosuid, nodev := strings.Contains(opts, ",nosuid,"), strings.Contains(opts, ",nodev,")
		if !nosuid || !nodev && !allowed[f[4]] {
			bad = append(bad, f[4]+"("+f[5]+")")
		}
	}
	return strings.TrimSpace(fmt.Sprintf("mounts: %d; without nosuid or nodev: %d %s", len(lines), len(bad), strings.Join(bad, " ")))
}

// inSessionKeyring runs prog with args in a new session keyring of this thread's, its stdin,
// stdout and stderr this process's, and says whether it left a key desc in that keyring.
func inSessionKeyring(desc, prog string, args []string) string {
	runtime.LockOSThread() // a keyring belongs to a thread; a child inherits the starting thread's
	if _, err := unix.KeyctlJoinSessionKeyring("ccc-hooks-wall-test-" + strconv.Itoa(os.Getpid())); err != nil {
		return "keyring-session: " + err.Error()
	}
	c := exec.Command(prog, args...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	_ = c.Run()
	if _, err := unix.KeyctlSearch(unix.KEY_SPEC_SESSION_KEYRING, "user", desc, 0); err == nil {
		return "session keyring: " + desc + " kept"
	}
	return "session keyring: " + desc + " gone"
}

// allocate maps mb MB of private memory and writes every page of it.
func allocate(mb int) error {
	mem, err := unix.Mmap(-1, 0, mb<<20, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return err
	}
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = 1
	}
	return unix.Munmap(mem)
}

// spawn starts n processes that sleep and counts those that started. It leaves them for the
// wall to end: waiting for them could need a thread the bound no longer gives.
func spawn(n int) int {
	started := 0
	for range n {
		c := exec.Command("/bin/sleep", "60")
		if err := c.Start(); err != nil {
			var errno syscall.Errno
			if !errors.As(err, &errno) || errno != syscall.EAGAIN {
				fmt.Fprintln(os.Stderr, "spawn:", err)
			}
			continue
		}
		started++
	}
	return started
}
