package proc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Listable is true on Linux: /proc shows every process of the user.
const Listable = true

// Lookup returns the running process with ID pid.
func Lookup(pid int) (Process, bool) {
	n, err := readNode(pid)
	return n.Process, err == nil
}

// All is a look at every process /proc shows.
func All() []Node {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	out := make([]Node, 0, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if n, err := readNode(pid); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// Alive reports whether p still runs: a process with its ID and its start, not a zombie.
func (p Process) Alive() bool {
	n, err := readNode(p.PID)
	return err == nil && n.Start == p.Start
}

// Children returns the processes p started that still run, read from the children files of its
// threads (Linux 3.5 with CONFIG_PROC_CHILDREN), else from a look at every process.
func (p Process) Children() []Process {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", p.PID))
	if err != nil {
		return nil
	}
	var out []Process
	for _, t := range tasks {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", p.PID, t.Name()))
		if errors.Is(err, os.ErrNotExist) && len(out) == 0 {
			return p.childrenByScan()
		}
		for _, f := range strings.Fields(string(data)) {
			pid, err := strconv.Atoi(f)
			if err != nil {
				continue
			}
			if n, err := readNode(pid); err == nil && n.Parent == p.PID {
				out = append(out, n.Process)
			}
		}
	}
	if !p.Alive() {
		return nil // the ID belongs to another process now: these are not p's children
	}
	return out
}

func (p Process) childrenByScan() []Process {
	var out []Process
	for _, n := range All() {
		if n.Parent == p.PID {
			out = append(out, n.Process)
		}
	}
	return out
}

// Stdout returns what p's standard output is open on, as /proc names it: a file's path,
// "pipe:[N]", "socket:[N]"; "" when it cannot be read.
func (p Process) Stdout() string {
	target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/1", p.PID))
	if err != nil || !p.Alive() {
		return ""
	}
	return target
}

// Args returns the arguments p was started with (its program's name first).
func (p Process) Args() []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p.PID))
	if err != nil || !p.Alive() {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
}

// Runs reports whether p runs the program file at path.
func (p Process) Runs(path string) bool {
	exe, err := os.Stat(fmt.Sprintf("/proc/%d/exe", p.PID))
	if err != nil {
		return false
	}
	want, err := os.Stat(path)
	return err == nil && os.SameFile(exe, want) && p.Alive()
}

// Stop stops p (SIGSTOP): it runs no further, and starts no other process, until killed or
// continued.
func (p Process) Stop() error { return p.signal(syscall.SIGSTOP) }

// Kill kills p (SIGKILL).
func (p Process) Kill() error { return p.signal(syscall.SIGKILL) }

// signal sends sig to p, and to no other process that got its ID since: through a pidfd (Linux
// 5.3), which names the process it was opened on, checked to be p once open; where the kernel
// has none, by its ID right after p was seen alive.
func (p Process) signal(sig syscall.Signal) error {
	fd, err := unix.PidfdOpen(p.PID, 0)
	if errors.Is(err, syscall.ENOSYS) {
		if !p.Alive() {
			return syscall.ESRCH
		}
		return syscall.Kill(p.PID, sig)
	}
	if err != nil {
		return err
	}
	defer func() { _ = unix.Close(fd) }()
	if !p.Alive() {
		return syscall.ESRCH
	}
	return unix.PidfdSendSignal(fd, sig, nil, 0)
}

// AppendToStdout appends text to the file p's standard output writes to, when that is a regular
// file (never a pipe, a socket or a terminal, which a write could block on or show to a person).
func (p Process) AppendToStdout(text string) error {
	f, err := os.OpenFile(fmt.Sprintf("/proc/%d/fd/1", p.PID), os.O_WRONLY|os.O_APPEND|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || !p.Alive() {
		return fmt.Errorf("the standard output of process %d is not a file of its own", p.PID)
	}
	_, err = f.WriteString(text)
	return err
}

// readNode reads the process pid from /proc/PID/stat: its parent, session and start time
// (fields 4, 6 and 22, proc(5)); a zombie is no running process.
func readNode(pid int) (Node, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return Node{}, err
	}
	i := bytes.LastIndexByte(data, ')') // the command name, in parentheses, may hold anything
	if i < 0 {
		return Node{}, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 20 || f[0] == "Z" || f[0] == "X" {
		return Node{}, fmt.Errorf("process %d is not running", pid)
	}
	parent, err1 := strconv.Atoi(f[1])
	session, err2 := strconv.Atoi(f[3])
	start, err3 := strconv.ParseUint(f[19], 10, 64)
	if err := errors.Join(err1, err2, err3); err != nil {
		return Node{}, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return Node{Process: Process{PID: pid, Start: start}, Parent: parent, Session: session}, nil
}
