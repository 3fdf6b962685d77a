package proc

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// startTree starts script with sh in a session of its own, its output on out, and waits until it
// has written ready: every process it starts before is running.
func startTree(t *testing.T, script, out string) *exec.Cmd {
	t.Helper()
	dir := t.TempDir()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	c := exec.Command("sh", "-c", script+"\n"+`echo ok > "$0/ready"; wait`, dir)
	c.Stdout, c.Stderr = f, f
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		_ = c.Wait()
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatal("the tree never got ready")
		}
	}
}

func pids(ps []Process) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.PID
	}
	slices.Sort(out)
	return out
}

// TestProcessesSeenAsTheyAre: a process is found by its ID, with its children, the file its
// standard output writes to, its arguments and its program; Below finds its descendants and the
// processes its session still holds after their parent exited.
func TestProcessesSeenAsTheyAre(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.txt")
	pidFile := filepath.Join(t.TempDir(), "orphan")
	// Two sleeps below the shell, and one left by a shell that exited (an orphan of its session).
	c := startTree(t, `sleep 61 & sleep 62 & sh -c 'sleep 63 & echo $! > "$1"' sh `+pidFile, out)
	p, ok := Lookup(c.Process.Pid)
	if !ok || !p.Alive() {
		t.Fatalf("Lookup(%d) = %v, %v", c.Process.Pid, p, ok)
	}
	children := p.Children()
	if len(children) != 2 {
		t.Fatalf("children of the shell: %v, want the two sleeps", children)
	}
	for _, child := range children {
		if args := child.Args(); len(args) != 2 || args[0] != "sleep" {
			t.Errorf("a child's arguments: %q, want sleep and its time", args)
		}
		if sleep, err := exec.LookPath("sleep"); err != nil || !child.Runs(sleep) {
			t.Errorf("a child does not run %s (%v)", sleep, err)
		}
		if child.Runs("/bin/sh") && !sameFile("/bin/sh", "sleep") {
			t.Error("a sleep runs /bin/sh, it says")
		}
	}
	if got := p.Stdout(); got != out {
		t.Errorf("Stdout() = %q, want %q", got, out)
	}
	orphan := testproc.ReadPID(t, pidFile)
	below := pids(Below(p, All()))
	want := pids(append(children, p))
	want = append(want, orphan)
	slices.Sort(want)
	if !slices.Equal(below, want) {
		t.Errorf("Below = %v, want the shell, its two sleeps and the orphan %d: %v", below, orphan, want)
	}
	if other, _ := Lookup(os.Getpid()); slices.Contains(pids(Below(p, All())), other.PID) {
		t.Error("Below holds the test itself")
	}
}

func sameFile(a, b string) bool {
	pa, err1 := exec.LookPath(a)
	pb, err2 := exec.LookPath(b)
	if err1 != nil || err2 != nil {
		return false
	}
	fa, err1 := os.Stat(pa)
	fb, err2 := os.Stat(pb)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// TestAProcessIsItsStart: a Process whose start is not that of the process now holding its ID is
// gone: it is not alive, has no children, and no signal reaches the process that holds the ID.
func TestAProcessIsItsStart(t *testing.T) {
	c := startTree(t, "sleep 60 &", filepath.Join(t.TempDir(), "out"))
	p, ok := Lookup(c.Process.Pid)
	if !ok {
		t.Fatal("no such process")
	}
	other := Process{PID: p.PID, Start: p.Start + 1}
	if other.Alive() || other.Children() != nil || other.Stdout() != "" || other.Args() != nil {
		t.Error("a process of another start is seen as the one running")
	}
	if err := other.Kill(); err == nil {
		t.Error("Kill of a process of another start: no error")
	}
	if !p.Alive() {
		t.Error("the process was killed by a signal meant for another")
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	testproc.WaitGone(t, p.PID, 10*time.Second)
	if _, ok := Lookup(p.PID); ok && p.Alive() {
		t.Error("a killed process is alive")
	}
}

// TestStopThenKill: a stopped process runs no further (its output stays as it was) and is then
// killed, stopped or not.
func TestStopThenKill(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	c := startTree(t, `(while :; do echo tick; sleep 0.01; done) &`, out)
	p, _ := Lookup(c.Process.Pid)
	loop := p.Children()
	if len(loop) != 1 {
		t.Fatalf("children: %v", loop)
	}
	// The loop, stopped, starts no further `sleep 0.01`; the one it waits on may end meanwhile.
	if err := loop[0].Stop(); err != nil {
		t.Fatal(err)
	}
	waitStopped(t, loop[0])
	before, _ := os.ReadFile(out)
	time.Sleep(200 * time.Millisecond)
	if after, _ := os.ReadFile(out); len(after) != len(before) {
		t.Errorf("a stopped loop wrote on: %d bytes, then %d", len(before), len(after))
	}
	for _, q := range Below(p, All()) {
		_ = q.Kill()
	}
	testproc.WaitGone(t, loop[0].PID, 10*time.Second)
}

// TestAppendToStdout: a line is appended to the regular file a process writes to, after what it
// wrote; a process writing to a pipe gets nothing.
func TestAppendToStdout(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	c := startTree(t, "echo first; sleep 60 &", out)
	p, _ := Lookup(c.Process.Pid)
	if err := p.AppendToStdout("second\n"); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(out); string(data) != "first\nsecond\n" {
		t.Errorf("the output: %q", data)
	}
	piped := exec.Command("sleep", "60")
	r, err := piped.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	if err := piped.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = piped.Process.Kill(); _ = piped.Wait() }()
	q, _ := Lookup(piped.Process.Pid)
	if err := q.AppendToStdout("x\n"); err == nil || !strings.Contains(err.Error(), "not a file") {
		t.Errorf("AppendToStdout to a pipe: %v, want refused", err)
	}
}

// waitStopped waits until p is stopped: no longer in a call of the kernel's, where a write under
// way would still land.
func waitStopped(t *testing.T, p Process) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.PID))
		if err != nil {
			t.Fatal(err)
		}
		if f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:])); len(f) > 0 && f[0] == "T" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d is not stopped 10s after SIGSTOP", p.PID)
		}
	}
}
