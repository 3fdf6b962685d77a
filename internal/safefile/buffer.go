package safefile

import (
	"bytes"
	"io"
)

// prefaultMin is the size from which Buffer maps a buffer's memory in at once: below it the
// faults cost less than the call.
const prefaultMin = 256 << 10

// Buffer returns an empty byte slice with room for n bytes, meant for the whole contents of a
// file. The memory of a large buffer is mapped in one call (where the system has one) instead
// of one page fault at a time as the bytes are first written: on a virtual machine a fault can
// cost tens of microseconds, and a settings file of megabytes would spend more time faulting
// its buffers in than being read, checked or written.
func Buffer(n int) []byte {
	b := make([]byte, 0, max(n, 0))
	if n >= prefaultMin {
		prefault(b[:n])
	}
	return b
}

// ReadAllSized reads r to its end into a Buffer sized from size (the file's length when it
// was stat'ed), as os.ReadFile does: io.ReadAll grows from 512 bytes and copies a large file
// many times over into fresh memory. A file that grew meanwhile is still read whole.
func ReadAllSized(r io.Reader, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(Buffer(int(max(size, 0)) + bytes.MinRead))
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}
