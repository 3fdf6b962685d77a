package reviewer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
	"github.com/ccc-hooks/ccc-hooks/internal/testproc"
)

// TestMain: this test binary started as `supervisor checks …` is the reviewer's run of a check,
// as the bound's tests start one: it waits, as a long check would.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "supervisor" && os.Args[2] == "checks" {
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// reviewerTree is a reviewer as Claude Code runs one, in sh: each Bash command in a session of
// its own with both outputs on a task output file (docs/claude-code.md, "The Bash tool's
// processes"): one that waits on a named pipe, one whose pipeline waits, one that ends at once,
// and a run of a check (this binary as `supervisor checks`); a hook (its output a pipe) and an MCP
// server (its output /dev/null), which are no commands. The check's run starts half a second
// before the others, so that it is past the bound first. Once the waiting command and the
// pipeline have both been ended (the watch may first see them at different looks, so either may
// be ended first), it notes which of the others still run, and exits. $1 is the test's directory.
const reviewerTree = `
T=$1
mkdir -p "$T/tasks"
setsid "$SELF" supervisor checks --run 'go test ./...' > "$T/tasks/check.output" 2>&1 &
echo $! > "$T/check.pid"
sleep 0.5
setsid sh -c 'echo reading; cat "$1"' sh "$T/fifo" > "$T/tasks/stall.output" 2>&1 &
stall=$!
setsid sh -c 'sleep 300 & echo $! > "$1"; wait' sh "$T/piped.pid" > "$T/tasks/piped.output" 2>&1 &
piped=$!
setsid sh -c 'echo quick' > "$T/tasks/quick.output" 2>&1 &
sleep 300 | cat > /dev/null &
sleep 301 > /dev/null &
server=$!
wait $stall
wait $piped
kill -0 $server 2>/dev/null && echo "server runs" >> "$T/after"
kill -0 "$(cat "$T/check.pid")" 2>/dev/null && echo "check runs" >> "$T/after"
`

// TestCommandsPastTheBoundAreEnded: the watch ends each Bash command of the reviewer's that runs
// past the bound, all of it, with a line in its output that says why; leaves a command that ended
// in time, the reviewer's hooks, its MCP servers and its runs of checks alone while the review
// runs; and ends the check's run once the reviewer has exited (it runs in a session of its own,
// which the reviewer's process group does not hold).
func TestCommandsPastTheBoundAreEnded(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w := newCommandWatch(time.Second, self, nil)
	w.poll = 50 * time.Millisecond
	c := proc.Command(context.Background(), "sh", "-c", reviewerTree, "sh", dir)
	c.Env = append(os.Environ(), "SELF="+self)
	start := time.Now()
	if err := proc.RunWatched(c, w.run); err != nil {
		t.Fatalf("the reviewer: %v", err)
	}
	took := time.Since(start)
	if took < time.Second || took > 20*time.Second {
		t.Errorf("the waiting command ended %v after the start, want after the bound of 1s, soon", took)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	line := "ccc-hooks: this command ran for 1s, the longest one command of a review may run, and was ended"
	if out := read("tasks/stall.output"); !strings.HasPrefix(out, "reading\n") || !strings.Contains(out, line) {
		t.Errorf("the waiting command's output: %q, want what it wrote and then %q", out, line)
	}
	if out := read("tasks/piped.output"); !strings.Contains(out, line) {
		t.Errorf("the pipeline's output: %q, want %q", out, line)
	}
	testproc.WaitGone(t, testproc.ReadPID(t, filepath.Join(dir, "piped.pid")), 10*time.Second)
	if out := read("tasks/quick.output"); out != "quick\n" {
		t.Errorf("a command that ended in time got %q, want its own output only", out)
	}
	if after := read("after"); after != "server runs\ncheck runs\n" {
		t.Errorf("when the waiting command had ended: %q, want the server and the check's run still running", after)
	}
	testproc.WaitGone(t, testproc.ReadPID(t, filepath.Join(dir, "check.pid")), 10*time.Second)
}

// TestReviewBoundsItsCommands: Run watches the reviewer it runs, with nothing but the review's
// time limit to go on (no seam of the Request's left empty turns the bound off): a command of its
// that waits on a named pipe is ended at a quarter of the limit, with the line in its output, and
// the review gives its verdict within the limit.
func TestReviewBoundsItsCommands(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	claude := fakeClaude(t, `mkdir -p "$T/tasks"
setsid cat "$T/fifo" > "$T/tasks/b1.output" 2>&1 &
wait $!
`+hooktest.ReviewScript(true, "read what there was"))
	const limit = 8 * time.Second
	start := time.Now()
	v, _, err := Run(context.Background(), Request{
		Guard: GuardOf("ccc-hooks"), Program: claude, SessionID: "s", Prompt: "review",
		Env: append(os.Environ(), "T="+dir), Timeout: limit,
	})
	if err != nil || !v.AllowStop {
		t.Fatalf("the review: %+v, %v", v, err)
	}
	if took := time.Since(start); took < CommandBound(limit) || took >= limit {
		t.Errorf("the review took %v, want the command ended after %v and the verdict before %v", took, CommandBound(limit), limit)
	}
	if out, _ := os.ReadFile(filepath.Join(dir, "tasks", "b1.output")); !strings.Contains(string(out), "ran for 2s, the longest one command") {
		t.Errorf("the command's output: %q", out)
	}
}

// BenchmarkCommandWatchLook is what one look at a reviewer costs, made each second of a review: a
// reviewer with a hook, a server and a running Bash command below it.
func BenchmarkCommandWatchLook(b *testing.B) {
	dir := b.TempDir()
	c := exec.Command("sh", "-c", `mkdir -p "$1/tasks"
setsid sleep 300 > "$1/tasks/a.output" 2>&1 &
sleep 300 | cat > /dev/null &
sleep 301 > /dev/null &
echo ok > "$1/ready"
wait`, "sh", dir)
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL); _ = c.Wait() }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the reviewer never got ready")
		}
	}
	reviewer, _ := proc.Lookup(c.Process.Pid)
	w := newCommandWatch(time.Hour, "", nil)
	w.look(reviewer, time.Now())
	if len(w.seen) != 1 {
		b.Fatalf("commands seen: %d, want 1", len(w.seen))
	}
	b.ResetTimer()
	for b.Loop() {
		w.look(reviewer, time.Now())
	}
}

// TestACommandSeenBeforeItsRedirection: a process first looked at before it has put its output
// on the task's file (as a shell just forked has not yet) is a command from the look after it has:
// the watch ends the shell with the program it runs, so that the shell never goes on past it.
func TestACommandSeenBeforeItsRedirection(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	w := newCommandWatch(time.Second, "", nil)
	w.poll = 50 * time.Millisecond
	const script = `mkdir -p "$1/tasks"
setsid sh -c 'sleep 0.3; exec > "$1/tasks/late.output" 2>&1; echo reading; cat "$1/fifo"; echo "the shell went on"' sh "$1" &
wait`
	c := proc.Command(context.Background(), "sh", "-c", script, "sh", dir)
	if err := proc.RunWatched(c, w.run); err != nil {
		t.Fatalf("the reviewer: %v", err)
	}
	out, err := os.ReadFile(filepath.Join(dir, "tasks", "late.output"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "reading\n") || !strings.Contains(string(out), "ccc-hooks: this command ran for 1s") ||
		strings.Contains(string(out), "went on") {
		t.Errorf("the command's output: %q, want what it wrote, then the line, and nothing of the shell after the program", out)
	}
}
