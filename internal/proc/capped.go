package proc

// Capped keeps Max bytes of a child's output, the first ones or, with Tail, the last ones, and
// swallows the rest, so that a chatty child can neither exhaust memory nor block on a full pipe.
// The tail is moved only when twice Max is held, so that many small writes cost no more than
// one copy per Max bytes.
type Capped struct {
	Max  int
	Tail bool
	buf  []byte
	over bool
}

func (c *Capped) Write(p []byte) (int, error) {
	n := len(p)
	if !c.Tail {
		room := max(c.Max-len(c.buf), 0)
		c.over = c.over || len(p) > room
		c.buf = append(c.buf, p[:min(len(p), room)]...)
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
