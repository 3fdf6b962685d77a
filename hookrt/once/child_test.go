package once

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as one hook process claiming stop (ONCE_TEST_CHILD=dir):
// once up it prints "ready" and waits for a byte on stdin, then prints "answered" or "copy".
func TestMain(m *testing.M) {
	if dir := os.Getenv("ONCE_TEST_CHILD"); dir != "" {
		os.Exit(child(dir))
	}
	os.Exit(m.Run())
}

func child(dir string) int {
	_, _ = os.Stdout.WriteString("ready\n")
	if _, err := os.Stdin.Read(make([]byte, 1)); err != nil {
		fmt.Fprintln(os.Stderr, "waiting for the start:", err)
		return 1
	}
	ticket, first, err := Claim(context.Background(), dir, stop, fmt.Sprint("child ", os.Getpid()), time.Now)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if !first {
		_, _ = os.Stdout.WriteString("copy")
		return 0
	}
	time.Sleep(50 * time.Millisecond)
	_, _ = os.Stdout.WriteString("answered")
	if err := ticket.Done(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// claimTogether runs n hook processes that claim stop in dir, each its own caller, and lets
// them claim together once every one is up (a process may take longer to start than Window,
// under Wine above all, and the lock is what is under test); it returns what each printed.
func claimTogether(t *testing.T, exe, dir string, n int) []string {
	t.Helper()
	type claimant struct {
		cmd    *exec.Cmd
		start  io.WriteCloser
		out    *bufio.Reader
		stderr strings.Builder
	}
	cs := make([]*claimant, n)
	for i := range cs {
		c := &claimant{cmd: exec.Command(exe, "-test.run=^$")}
		c.cmd.Env = append(os.Environ(), "ONCE_TEST_CHILD="+dir)
		c.cmd.Stderr = &c.stderr
		start, err := c.cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.cmd.Process.Kill(); _ = c.cmd.Wait() })
		c.start, c.out, cs[i] = start, bufio.NewReader(out), c
	}
	for i, c := range cs {
		if line, err := c.out.ReadString('\n'); line != "ready\n" {
			t.Fatalf("child %d: %q, %v, want ready\n%s", i, line, err, c.stderr.String())
		}
	}
	for _, c := range cs {
		_, _ = c.start.Write([]byte{1})
		_ = c.start.Close()
	}
	results := make([]string, n)
	for i, c := range cs {
		rest, _ := io.ReadAll(c.out)
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("child %d: %v\n%s", i, err, c.stderr.String())
		}
		results[i] = strings.TrimSpace(string(rest))
	}
	return results
}

// record1 is the record file of payload in dir.
func record1(dir, payload string) string {
	sum := sha256.Sum256([]byte(payload))
	return filepath.Join(dir, hex.EncodeToString(sum[:16]))
}
