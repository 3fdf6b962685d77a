package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHookKilledTakesReviewerWithIt: when Claude Code SIGKILLs a hook in the middle of a review
// (it cannot be caught), the reviewer it started dies too instead of running on unattended — and
// so does what the reviewer started (a wrapper script's real claude, a tool claude runs).
func TestHookKilledTakesReviewerWithIt(t *testing.T) {
	for name, script := range map[string]string{
		"reviewer":       "echo $$ > \"$PIDFILE.tmp\" && mv \"$PIDFILE.tmp\" \"$PIDFILE\"\nexec sleep 60\n",
		"its descendant": "sleep 60 &\necho $! > \"$PIDFILE.tmp\" && mv \"$PIDFILE.tmp\" \"$PIDFILE\"\nwait\n",
	} {
		t.Run(name, func(t *testing.T) { testHookKilled(t, script) })
	}
}

func testHookKilled(t *testing.T, script string) {
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	hookWriteFile(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true}}`)
	claude := filepath.Join(dir, "claude")
	pidFile := filepath.Join(dir, "reviewer.pid")
	hookWriteFile(t, claude, "#!/bin/sh\n"+script)
	if err := os.Chmod(claude, 0o755); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(bin, "hook")
	c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=", "CCC_SUPERVISOR_ID=",
		"CCC_SUPERVISOR_HOOK=", "CCC_CLAUDE="+claude, "PIDFILE="+pidFile)
	c.Stdin = strings.NewReader(`{"session_id":"killed","hook_event_name":"Stop"}`)
	c.WaitDelay = time.Second
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Process.Kill(); _ = c.Wait() }()
	var pid int
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if data, err := os.ReadFile(pidFile); err == nil {
			if pid, err = strconv.Atoi(strings.TrimSpace(string(data))); err != nil {
				t.Fatal(err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the reviewer did not start within 20s")
		}
	}
	if err := c.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = c.Wait()
	for deadline := time.Now().Add(5 * time.Second); reviewerRunning(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d of the review still runs 5s after the hook was killed", pid)
		}
	}
}

// reviewerRunning reports whether pid is a live process (a zombie is not).
func reviewerRunning(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || !strings.HasPrefix(string(stat[i+1:]), " Z")
}
