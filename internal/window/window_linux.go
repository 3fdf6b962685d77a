package window

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
)

// bootIDFile changes at every boot: a process ID and start time since boot name one process
// only together with it.
const bootIDFile = "/proc/sys/kernel/random/boot_id"

func startOfAncestor(pid int) (string, error) {
	if err := walkUp(os.Getpid(), pid, func(p int) (int, error) {
		st, err := readStat(p)
		return st.ppid, err
	}); err != nil {
		return "", err
	}
	st, err := readStat(pid)
	if err != nil {
		return "", err
	}
	boot, err := os.ReadFile(bootIDFile)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", bootIDFile, err)
	}
	return string(bytes.TrimSpace(boot)) + "/" + st.start, nil
}

// stat is what /proc/<pid>/stat says of a process's parent and start.
type stat struct {
	ppid  int
	start string // clock ticks since boot
}

func readStat(pid int) (stat, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, err
	}
	return parseStat(data)
}

// parseStat reads proc(5)'s stat line: "pid (comm) state ppid … starttime …", starttime its
// 22nd field. comm may hold spaces and parentheses, so the fields are counted after its last ')'.
func parseStat(data []byte) (stat, error) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return stat{}, errors.New("unreadable /proc stat line")
	}
	fields := bytes.Fields(data[i+1:])
	const ppidField, startField = 1, 19 // fields 4 and 22, counted after pid and comm
	if len(fields) <= startField {
		return stat{}, errors.New("short /proc stat line")
	}
	ppid, err := strconv.Atoi(string(fields[ppidField]))
	if err != nil {
		return stat{}, fmt.Errorf("/proc stat ppid: %w", err)
	}
	if _, err := strconv.ParseUint(string(fields[startField]), 10, 64); err != nil {
		return stat{}, fmt.Errorf("/proc stat starttime: %w", err)
	}
	return stat{ppid: ppid, start: string(fields[startField])}, nil
}
