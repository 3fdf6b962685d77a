package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWaitWriters: a file nobody has open for writing is free at once; one a program still has
// open for writing is waited for until it closes it, and reported when it does not in time.
func TestWaitWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := openNoBlock(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	free, known := WaitWriters(r, time.Second)
	if !known {
		t.Skip("no file lease on this file system")
	}
	if !free {
		t.Fatal("a file nobody writes: not free")
	}
	w, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if free, known := WaitWriters(r, 20*time.Millisecond); free || !known {
		t.Errorf("with a writer holding it: free %v, known %v; want a writer seen", free, known)
	}
	closed := make(chan struct{})
	go func() {
		_, _ = w.WriteString("y")
		_ = w.Close()
		close(closed)
	}()
	if free, _ := WaitWriters(r, 10*time.Second); !free {
		t.Error("the writer closed the file, and it is still not free")
	}
	<-closed
}

// TestSwapBackGuardsReaders: a program that opens the target in the instant the committed file
// stands there (here: blocked opening it, seen in /proc) does not read that file once it is taken
// back: it waits, and reads what stands.
func TestSwapBackGuardsReaders(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("read by us"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(target, []byte("ours"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("first save"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := p.Commit(true)
	if err != nil || d == nil {
		t.Fatalf("Commit = %v, %v", d, err)
	}
	defer d.Close()
	if d.guard == nil {
		t.Skip("no write lease on this file system")
	}
	read := make(chan string, 1)
	go func() {
		got, err := os.ReadFile(target)
		if err != nil {
			got = []byte(err.Error())
		}
		read <- string(got)
	}()
	waitLeaseBreak(t)
	if _, ours, err := d.SwapBack([]byte("first save")); err != nil || !ours {
		t.Fatalf("SwapBack = %v, %v", ours, err)
	}
	d.Drop()
	if got := <-read; got != "first save" {
		t.Errorf("a reader that opened the target while our file stood there read %q, want what stands", got)
	}
}

// waitLeaseBreak waits until a thread of this process waits in the kernel for a lease to be
// released.
func waitLeaseBreak(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		chans, _ := filepath.Glob("/proc/self/task/*/wchan")
		for _, c := range chans {
			if b, _ := os.ReadFile(c); strings.Contains(string(b), "lease") {
				return
			}
		}
	}
	t.Fatal("no thread was seen waiting for the lease")
}
