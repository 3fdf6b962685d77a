package prompter

import (
	"bytes"
	"os"
	"regexp"
	"sync"
	"unicode/utf8"
)

const (
	keyEscape    = 0x1b
	keyInterrupt = 0x03
)

// keyReader reads a terminal and returns one key per Read: one UTF-8 character, or one whole
// escape sequence (an arrow key). Survey wraps its input in a new buffer for every question and
// discards that buffer afterwards; with one key per Read nothing but the key being handled is
// ever in it, and keys typed ahead wait here for the next question.
//
// Survey also asks the terminal where the cursor is (it writes ESC[6n, see queryWriter) and
// reads the answer from the same input, keeping whatever keys came before the answer in that
// question's buffer. While an answer is expected, Read returns the answer first, out of turn,
// so typed-ahead keys stay here.
//
// A lone Esc is returned as Ctrl-C, which survey treats as an interruption.
type keyReader struct {
	f       *os.File
	pending []byte
	buf     [256]byte
	// positions counts cursor-position queries whose answer was not read yet.
	positions int
}

// cursorPosition is a terminal's answer to ESC[6n, compiled when a prompt first needs it: every
// start of the binary, the hook's included, would compile it otherwise.
var cursorPosition = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\x1b\[\d+;\d+R`) })

func newKeyReader(f *os.File) *keyReader { return &keyReader{f: f} }

// Fd is the terminal's descriptor; survey sets its modes through it.
func (k *keyReader) Fd() uintptr { return k.f.Fd() }

// Read implements io.Reader, one key at a time.
func (k *keyReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if k.positions > 0 {
			if loc := cursorPosition().FindIndex(k.pending); loc != nil {
				k.positions--
				n := copy(p, k.pending[loc[0]:loc[1]])
				k.pending = append(k.pending[:loc[0]], k.pending[loc[1]:]...)
				return n, nil
			}
		} else if n, complete := keyLength(k.pending); complete {
			return k.take(p, n), nil
		}
		if k.positions == 0 && len(k.pending) == 1 && k.pending[0] == keyEscape && !moreWithin(k.f, escapeWait) {
			// Esc alone: nothing of a sequence followed.
			k.pending[0] = keyInterrupt
			continue
		}
		m, err := k.f.Read(k.buf[:])
		k.pending = append(k.pending, k.buf[:m]...)
		if err != nil {
			if len(k.pending) == 1 && k.pending[0] == keyEscape {
				k.pending[0] = keyInterrupt
			}
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

// queryWriter is the terminal output survey writes to; it tells the keyReader when survey asks
// for the cursor position.
type queryWriter struct {
	f    *os.File
	keys *keyReader
}

// Fd is the terminal's descriptor.
func (w *queryWriter) Fd() uintptr { return w.f.Fd() }

func (w *queryWriter) Write(p []byte) (int, error) {
	w.keys.positions += bytes.Count(p, []byte("\x1b[6n"))
	return w.f.Write(p)
}
