package safefile

import (
	"errors"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestBufferIsMappedIn: every page of a large buffer is resident before a byte is written, so
// that filling it costs no page fault (where the kernel can populate a range at once).
func TestBufferIsMappedIn(t *testing.T) {
	probe := Buffer(1 << 20)[:1<<20]
	if err := unix.Madvise(probe[:unix.Getpagesize()], unix.MADV_POPULATE_WRITE); errors.Is(err, unix.EINVAL) {
		t.Skip("this kernel cannot populate a range (MADV_POPULATE_WRITE is Linux 5.14 and later)")
	}
	const n = 48 << 20 // fresh memory: more than the test binary has used so far
	b := Buffer(n)[:n]
	page := uintptr(unix.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b))) &^ (page - 1) // a large allocation starts a page
	vec := make([]byte, (n+page-1)/page)
	if _, _, errno := unix.Syscall(unix.SYS_MINCORE, start, uintptr(n), uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatal(errno)
	}
	missing := 0
	for _, v := range vec {
		if v&1 == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d pages of a %d MB buffer are not resident", missing, len(vec), n>>20)
	}
}
