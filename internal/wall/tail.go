//go:build linux || darwin

package wall

// tail keeps the last MaxOutput bytes written to it. It moves what it keeps only when it holds
// twice that, so that a command writing many small pieces costs no more than one copy per
// MaxOutput bytes.
type tail struct {
	buf       []byte
	truncated bool
}

func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > MaxOutput {
		p = p[len(p)-MaxOutput:]
		t.buf, t.truncated = t.buf[:0], true
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*MaxOutput {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-MaxOutput:]...)
		t.truncated = true
	}
	return n, nil
}

// bytes returns the last MaxOutput bytes written, and whether more were written.
func (t *tail) bytes() ([]byte, bool) {
	if over := len(t.buf) - MaxOutput; over > 0 {
		return t.buf[over:], true
	}
	return t.buf, t.truncated
}
