package once

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as one hook process claiming stop (ONCE_TEST_CHILD=dir):
// it prints "answered" or "copy".
func TestMain(m *testing.M) {
	if dir := os.Getenv("ONCE_TEST_CHILD"); dir != "" {
		os.Exit(child(dir))
	}
	os.Exit(m.Run())
}

func child(dir string) int {
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

func childClaim(exe, dir string) (string, error) {
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "ONCE_TEST_CHILD="+dir)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// record1 is the record file of payload in dir.
func record1(dir, payload string) string {
	sum := sha256.Sum256([]byte(payload))
	return filepath.Join(dir, hex.EncodeToString(sum[:16]))
}
