//go:build unix

package e2e

import (
	"net"
	"sync/atomic"
	"testing"
)

// Listener is a TCP listener on loopback that counts the connections made to it and closes each
// at once: a reviewer command that reaches the network reaches it, and the test reads the count.
type Listener struct {
	// Port is the port it listens on.
	Port  int
	conns atomic.Int32
}

// Listen starts a Listener, closed when the test ends.
func Listen(t testing.TB) *Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	l := &Listener{Port: ln.Addr().(*net.TCPAddr).Port}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			l.conns.Add(1)
			_ = c.Close()
		}
	}()
	return l
}

// Connections is how many connections were made so far.
func (l *Listener) Connections() int32 { return l.conns.Load() }
