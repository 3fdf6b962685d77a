package window

import (
	"errors"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/windows"
)

// startOfAncestor walks the parents of one snapshot of the process table. Windows does not
// re-parent orphans, so a parent ID may name a newer process that took a dead parent's ID; an
// ancestor started after this process is such a stranger and is refused.
func startOfAncestor(pid int) (string, error) {
	parents, err := parentTable()
	if err != nil {
		return "", err
	}
	if err := walkUp(os.Getpid(), pid, func(p int) (int, error) {
		pp, ok := parents[p]
		if !ok {
			return 0, errors.New("no such process")
		}
		return pp, nil
	}); err != nil {
		return "", err
	}
	start, err := created(pid)
	if err != nil {
		return "", err
	}
	self, err := created(os.Getpid())
	if err != nil {
		return "", err
	}
	if start > self {
		return "", ErrNotAncestor
	}
	return strconv.FormatInt(start, 10), nil
}

// parentTable maps every process ID to its parent's.
func parentTable() (map[int]int, error) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return nil, err
	}
	defer windows.CloseHandle(snap) //nolint:errcheck // a read-only snapshot's handle
	entry := windows.ProcessEntry32{Size: uint32(unsafe.Sizeof(windows.ProcessEntry32{}))}
	parents := map[int]int{}
	for err = windows.Process32First(snap, &entry); err == nil; err = windows.Process32Next(snap, &entry) {
		parents[int(entry.ProcessID)] = int(entry.ParentProcessID)
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return nil, err
	}
	return parents, nil
}

// created is the creation time of pid, in 100-nanosecond intervals since 1601.
func created(pid int) (int64, error) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return 0, err
	}
	defer windows.CloseHandle(h) //nolint:errcheck // a query handle
	var creation, exit, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(h, &creation, &exit, &kernel, &user); err != nil {
		return 0, err
	}
	return int64(creation.HighDateTime)<<32 | int64(creation.LowDateTime), nil
}
