package prompter

import (
	"os"
	"unicode/utf8"
)

const (
	keyEscape    = 0x1b
	keyInterrupt = 0x03
)

// keyReader reads a terminal and returns one key per Read: one UTF-8 character, or one whole
// escape sequence (an arrow key, or the terminal's answer to a cursor-position query). Survey
// wraps its input in a new buffer for every question and discards that buffer afterwards; with
// one key per Read nothing but the key being handled is ever in it, and keys typed ahead wait
// here for the next question. A lone Esc is returned as Ctrl-C, which survey treats as an
// interruption.
type keyReader struct {
	f       *os.File
	pending []byte
	buf     [256]byte
}

func newKeyReader(f *os.File) *keyReader { return &keyReader{f: f} }

// Fd is the terminal's descriptor; survey sets its modes through it.
func (k *keyReader) Fd() uintptr { return k.f.Fd() }

// Read implements io.Reader, one key at a time.
func (k *keyReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, complete := keyLength(k.pending)
		if complete {
			return k.take(p, n), nil
		}
		if len(k.pending) == 1 && k.pending[0] == keyEscape && !moreWithin(k.f, escapeWait) {
			// Esc alone: nothing of a sequence followed.
			k.pending[0] = keyInterrupt
			continue
		}
		m, err := k.f.Read(k.buf[:])
		k.pending = append(k.pending, k.buf[:m]...)
		if err != nil {
			if len(k.pending) > 0 {
				return k.take(p, len(k.pending)), nil
			}
			return 0, err
		}
	}
}

// take hands out the first n pending bytes (at most len(p)).
func (k *keyReader) take(p []byte, n int) int {
	n = copy(p, k.pending[:n])
	k.pending = k.pending[n:]
	if len(k.pending) == 0 {
		k.pending = nil
	}
	return n
}

// keyLength returns the length of the first key in b, and whether b holds all of it.
func keyLength(b []byte) (int, bool) {
	if len(b) == 0 {
		return 0, false
	}
	if b[0] != keyEscape {
		if !utf8.FullRune(b) {
			return 0, false
		}
		_, n := utf8.DecodeRune(b)
		return n, true
	}
	if len(b) == 1 {
		return 0, false
	}
	switch b[1] {
	case '[': // CSI: parameters and intermediates, then one final byte in 0x40..0x7e
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1, true
			}
		}
		return 0, false
	case 'O': // SS3: one more byte
		if len(b) < 3 {
			return 0, false
		}
		return 3, true
	}
	// Esc followed by an ordinary key: Esc was pressed on its own, the key comes next.
	b[0] = keyInterrupt
	return 1, true
}
