//go:build linux

package e2e

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// TestKilledHookTakesReviewer: Claude Code gives up on a hook that is reviewing (a SIGKILL, which
// nothing can catch): the reviewer — the real `claude -p` fork the hook started — and everything
// below it end too, instead of running on with the user's session.
func TestKilledHookTakesReviewer(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			<-release // the review never answers while the hook lives
			return Verdict(true, "late")
		}
		return Say("Done.")
	})
	t.Cleanup(func() { close(release) }) // before the fake API closes (cleanups run last first)
	session := NewSessionID(t)
	sc.agentStops(t, session, "Do the work.") // no hooks installed: this only creates the session
	sc.EnableSupervisor(t, sc.product)

	hook := exec.Command(sc.product.Path, "hook")
	hook.Dir = sc.Project
	hook.Env = sc.Env()
	hook.Stdin = strings.NewReader(`{"session_id":"` + session + `","hook_event_name":"Stop","cwd":"` + sc.Project + `"}`)
	if err := hook.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killTree(hook.Process.Pid); _ = hook.Wait() })
	for deadline := time.Now().Add(60 * time.Second); len(sc.api.Supervisor()) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the reviewer sent no request within 60s")
		}
	}
	review := descendants(hook.Process.Pid)
	if len(review) == 0 {
		t.Fatal("the hook has no child process while its review is pending")
	}
	if err := hook.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = hook.Wait()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var left []string
		for _, pid := range review {
			if cmd := liveCommand(pid); cmd != "" {
				left = append(left, strconv.Itoa(pid)+" "+cmd)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, pid := range review {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("5s after the hook was killed these still run:\n%s", strings.Join(left, "\n"))
		}
	}
}

// descendants lists the processes below pid (from /proc).
func descendants(pid int) []int {
	children := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(stat)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 {
			if pp, err := strconv.Atoi(f[1]); err == nil {
				children[pp] = append(children[pp], p)
			}
		}
	}
	var out []int
	var walk func(int)
	walk = func(p int) {
		for _, c := range children[p] {
			out = append(out, c)
			walk(c)
		}
	}
	walk(pid)
	return out
}

// liveCommand returns the command line of pid while it runs ("" once it ended or is a zombie).
func liveCommand(pid int) string {
	if !testproc.Running(pid) {
		return ""
	}
	cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.ReplaceAll(string(cmd), "\x00", " ")
}
