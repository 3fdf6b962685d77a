package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
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
	testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true}}`, 0o644)
	claude := filepath.Join(dir, "claude")
	pidFile := filepath.Join(dir, "reviewer.pid")
	testfs.Write(t, claude, "#!/bin/sh\n"+script, 0o755)
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
	testproc.WaitGone(t, pid, 5*time.Second)
}

// TestHookSIGKILLLoop: a hook killed at any moment of a review — before the count is written,
// while the reviewer runs, while it answers — leaves no process of the review running and a
// state file that is whole JSON (or none), and the next hook still works.
func TestHookSIGKILLLoop(t *testing.T) {
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor":{"enabled":true,"max_iterations":100}}`, 0o644)
	claude := filepath.Join(dir, "claude")
	pids := filepath.Join(dir, "pids")
	testfs.Write(t, claude, `#!/bin/sh
sleep 60 &
echo $! >> "$PIDS"
sleep 0.0$(( $$ % 10 ))
`+fakereview.Script(fakereview.Output(fakereview.Verdict(false, "again"))), 0o755)
	// Every run is a new Stop (its own prompt_id): the same bytes again within seconds would be a
	// copy of one event, answered once.
	runs := 0
	run := func(kill time.Duration) (string, error) {
		runs++
		c := exec.Command(bin, "hook")
		c.Env = append(os.Environ(), "HOME="+home, "CLAUDE_CONFIG_DIR=", "CCC_CONFIG_DIR=", "CCC_SUPERVISOR_ID=",
			"CCC_SUPERVISOR_HOOK=", "CCC_CLAUDE="+claude, "PIDS="+pids)
		c.Stdin = strings.NewReader(fmt.Sprintf(`{"session_id":"loop","hook_event_name":"Stop","prompt_id":"p%d"}`, runs))
		var out strings.Builder
		c.Stdout = &out
		c.WaitDelay = time.Second
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		if kill > 0 {
			time.AfterFunc(kill, func() { _ = c.Process.Signal(syscall.SIGKILL) })
		}
		err := c.Wait()
		return out.String(), err
	}
	// One undisturbed run tells how long a review takes here; the kills spread over 1.5 times that.
	start := time.Now()
	if out, err := run(0); err != nil || !blockAgain.MatchString(out) {
		t.Fatalf("the first hook: %q, %v", out, err)
	}
	span := time.Since(start) * 3 / 2
	deadline := time.Now().Add(5 * time.Second)
	killed, finished := 0, 0
	for round := 0; round < 40 && time.Now().Before(deadline); round++ {
		out, err := run(span * time.Duration(1+(round*7)%20) / 20)
		if err == nil && !blockAgain.MatchString(out) {
			t.Fatalf("round %d: a finished hook printed %q", round, out)
		}
		if err != nil && out != "" {
			t.Fatalf("round %d: a killed hook printed %q", round, out)
		}
		if err != nil {
			killed++
		} else {
			finished++
		}
	}
	t.Logf("%d hooks killed, %d finished", killed, finished)
	statePath := filepath.Join(home, ".claude", "ccc", "supervisor-loop.json")
	if data, err := os.ReadFile(statePath); err == nil && !json.Valid(data) {
		t.Fatalf("state file is not whole JSON after the kills: %q", data)
	}
	if out, err := run(0); err != nil || !blockAgain.MatchString(out) {
		t.Fatalf("the hook after the kills: %q, %v", out, err)
	}
	data, _ := os.ReadFile(pids)
	for _, field := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(field)
		if err != nil {
			t.Fatal(err)
		}
		testproc.WaitGone(t, pid, 5*time.Second)
	}
	if len(strings.Fields(string(data))) < 2 {
		t.Fatalf("only %d reviews started; the kills came too early to test anything", len(strings.Fields(string(data))))
	}
}

// blockAgain is the whole stdout of a hook whose review blocked with "again".
var blockAgain = regexp.MustCompile(`^\{"decision":"block","reason":"again","systemMessage":"ccc-hooks supervisor: sent the agent back to work \(review \d+ of 100, \$\d+\.\d{4}\)\."\}\n$`)
