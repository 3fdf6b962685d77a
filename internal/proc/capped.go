package proc

import "errors"

// ErrFull is a Stop Capped's answer to a write past its bound.
var ErrFull = errors.New("more output than is kept")

// Capped keeps Max bytes of a child's output, the first ones or, with Tail, the last ones, and
// swallows the rest, so that a chatty child can neither exhaust memory nor block on a full pipe.
// The tail is moved only when twice Max is held, so that many small writes cost no more than
// one copy per Max bytes.
//
// With Stop (and not Tail) a write past Max fails instead, once what fits is kept: the copy
// from the child's pipe ends, and the child gets a broken pipe rather than running on to its
// time limit.
type Capped struct {
	Max  int
	Tail bool
	Stop bool
	buf  []byte
	over bool
}

func (c *Capped) Write(p []byte) (int, error) {
	n := len(p)
	if !c.Tail {
		room := max(c.Max-len(c.buf), 0)
		c.over = c.over || len(p) > room
		c.buf = append(c.buf, p[:min(len(p), room)]...)
		if c.over && c.Stop {
			return min(len(p), room), ErrFull
		}
		return n, nil
	}
	if len(p) > c.Max {
		p = p[len(p)-c.Max:]
		c.buf, c.over = c.buf[:0], true
	}
	c.buf = append(c.buf, p...)
	if len(c.buf) > 2*c.Max {
		c.buf = append(c.buf[:0], c.buf[len(c.buf)-c.Max:]...)
		c.over = true
	}
	return n, nil
}

// Bytes returns what is kept, and whether more was written.
func (c *Capped) Bytes() ([]byte, bool) {
	if c.Tail && len(c.buf) > c.Max {
		return c.buf[len(c.buf)-c.Max:], true
	}
	return c.buf, c.over
}
