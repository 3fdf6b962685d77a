package safefile

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// prefault maps in the memory of b with MADV_POPULATE_WRITE (Linux 5.14 and later). It is a
// hint: on older kernels, or for a range not on page boundaries, nothing happens and the
// pages come in as they are first written.
func prefault(b []byte) {
	page := uintptr(unix.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	from := (start + page - 1) &^ (page - 1)
	to := (start + uintptr(len(b))) &^ (page - 1)
	if to <= from {
		return
	}
	_ = unix.Madvise(b[from-start:to-start], unix.MADV_POPULATE_WRITE)
}
