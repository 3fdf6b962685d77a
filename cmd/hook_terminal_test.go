//go:build unix

package cmd

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/creack/pty"
)

// TestHookRefusesTerminalStdin: a person who runs `ccc-hooks hook` in a terminal gets exit 2 and
// the reason at once, instead of a command silently waiting for JSON; nothing is written.
func TestHookRefusesTerminalStdin(t *testing.T) {
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal available: %v", err)
	}
	defer func() { _ = ptmx.Close(); _ = tty.Close() }()
	home := t.TempDir()
	testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true}}`, 0o644)
	for _, args := range [][]string{{"hook"}, {"supervisor-hook"}} {
		var stdout, stderr bytes.Buffer
		c := exec.Command(bin, args...)
		c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=", "CCC_CLAUDE="+filepath.Join(home, "no-claude"))
		c.Stdin, c.Stdout, c.Stderr = tty, &stdout, &stderr
		c.WaitDelay = time.Second
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			_ = c.Process.Kill()
			t.Fatalf("%v waited on the terminal for 10s (then, killed: %v)", args, <-done)
		}
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) || exitErr.ExitCode() != 2 {
			t.Errorf("%v: %v, want exit status 2", args, err)
		}
		want := "failed to parse hook input: stdin is a terminal; Claude Code runs this command with the event as JSON on stdin\n"
		if stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("%v: stdout %q\nstderr %q\nwant   %q", args, stdout.String(), stderr.String(), want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(home, ".claude")); len(entries) != 1 {
		t.Errorf("wrote into the config dir: %v", entries)
	}
}
