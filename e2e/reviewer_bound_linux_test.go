package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// boundedReads are reads the read-only hook grants, and Claude Code's own rules too, that do not
// end in time, one of each class the hook cannot see coming, in two turns of the reviewer's: a
// regular expression that takes too long (glibc's matcher with back-references, on one line of
// 200 characters: hours) and a file too large to read (sparse, 1 TiB), at once; then a file the
// agent's process turns into a named pipe once the read has begun (after the hook looked).
var boundedReads = [][]string{
	{`git grep -cE '(.*)(.*)(.*)(.*)\4\3\2\1x' -- slow.txt`, "wc -l huge.bin"},
	{"wc -l first.txt later.txt"},
}

// TestReviewerCommandsAreBounded: in the real Claude Code, through ccc-hooks' own reviewer, with
// and without Claude Code's Bash sandbox, granted reads that would not end are ended at the bound
// on one command (a quarter of the 60 s review limit: 15 s), each with the line saying why in its
// result; the reviewer gives its verdict, the review ends within its limit, and nothing of the
// reads is left running. (The named pipe comes last: git, which the hook refuses while the tree
// holds one, runs before.)
func TestReviewerCommandsAreBounded(t *testing.T) {
	t.Parallel()
	for _, sandboxed := range []bool{false, true} {
		name := "without the sandbox"
		if sandboxed {
			name = "in the sandbox"
		}
		t.Run(name, func(t *testing.T) {
			if sandboxed {
				RequireBashSandbox(t)
			}
			reviewerBounded(t, sandboxed)
		})
	}
}

func reviewerBounded(t *testing.T, sandboxed bool) {
	const final = "Done."
	const limit = 60 // supervisor.timeout_seconds
	var sc *scenario
	armed := make(chan struct{}, 1)
	sc = newScenario(t, func(r *Request) Reply {
		if !r.IsSupervisor() {
			return Say(final)
		}
		done := 0
		for _, turn := range boundedReads {
			if len(r.ToolResults()) == done {
				if turn[0] == "wc -l first.txt later.txt" {
					select {
					case armed <- struct{}{}:
					default:
					}
				}
				blocks := make([]Block, len(turn))
				for i, c := range turn {
					blocks[i] = Block{Tool: "Bash", Input: map[string]any{"command": c, "description": "Read"}}
				}
				return Reply{Blocks: blocks}
			}
			done += len(turn)
		}
		return Verdict(true, "Read what there was.")
	})
	if !sandboxed {
		withoutBashSandbox(t, sc)
	}
	sc.WriteFile(t, filepath.Join(sc.Project, "later.txt"), "a regular file when the hook looks\n", 0o644)
	sc.WriteFile(t, filepath.Join(sc.Project, "slow.txt"), strings.Repeat("ab", 100)+"\n", 0o644)
	projectGit(t, sc.Project, "init", "-q")
	projectGit(t, sc.Project, "add", "slow.txt")
	projectGit(t, sc.Project, "commit", "-qm", "slow")
	for name, size := range map[string]int64{"first.txt": 512 << 20, "huge.bin": 1 << 40} {
		f, err := os.Create(filepath.Join(sc.Project, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
	}
	// The agent's process left running: once a read of first.txt begins, it puts a named pipe in
	// place of later.txt, which the same command reads next.
	swapped := make(chan error, 1)
	go func() {
		select {
		case <-armed:
		case <-t.Context().Done():
			return
		}
		swapped <- pipeAfterOpen(filepath.Join(sc.Project, "first.txt"), filepath.Join(sc.Project, "later.txt"))
	}()
	sc.Install(t, sc.product)
	sc.WriteConfig(t, map[string]any{"enabled": true, "timeout_seconds": limit, "wall": guardAlone})
	session := NewSessionID(t)
	start := time.Now()
	pr := sc.agentStops(t, session, "Count the lines.")
	t.Logf("the session and its review took %s", time.Since(start).Round(time.Millisecond))
	if pr.Result != final {
		t.Errorf("final result = %q, want %q", pr.Result, final)
	}
	select {
	case err := <-swapped:
		if err != nil {
			t.Fatalf("the agent's process: %v", err)
		}
		t.Log("once the read of first.txt began, later.txt became a named pipe")
	default:
		t.Fatal("later.txt was never turned into a named pipe")
	}
	sup := sc.api.Supervisor()
	if len(sup) == 0 {
		t.Fatal("no review")
	}
	results := sup[len(sup)-1].ToolResults()
	commands := slices.Concat(boundedReads...)
	if len(results) != len(commands) {
		t.Fatalf("the reviewer's calls got %d results, want %d\n%s", len(results), len(commands), sc.api.Timeline())
	}
	const line = "ccc-hooks: this command ran for 15s, the longest one command of a review may run, and was ended"
	for i, command := range commands {
		if got := results[i].ResultText(); !strings.Contains(got, line) {
			t.Errorf("%q: %q, want it ended at the bound with %q", command, got, line)
		}
	}
	decisions := sc.Decisions(t, session)
	if len(decisions) == 0 {
		t.Fatal("no decision logged")
	}
	last := decisions[len(decisions)-1]
	if last["decision"] != "allow" {
		t.Errorf("the review's decision: %v, want the reviewer's verdict (allow)", last)
	}
	if ms, _ := last["duration_ms"].(float64); ms <= 30_000 || ms >= limit*1000 {
		t.Errorf("the review took %v ms, want past two bounds (15 s each) and within its limit (%d s)", ms, limit)
	}
	if got := sandboxDescriptions(sup[len(sup)-1]) > 0; got != sandboxed {
		t.Errorf("the reviewer ran in Claude Code's Bash sandbox: %v, want %v", got, sandboxed)
	}
	for _, n := range proc.All() {
		if args := n.Args(); len(args) > 0 && (args[0] == "wc" || args[0] == "git") {
			if cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", n.PID)); err == nil && cwd == sc.Project {
				t.Errorf("still running after the review: %d %q", n.PID, args)
			}
		}
	}
}

// pipeAfterOpen waits until first is opened (inotify), then puts a named pipe in place of later,
// as a process the agent left running could.
func pipeAfterOpen(first, later string) error {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC)
	if err != nil {
		return err
	}
	defer func() { _ = syscall.Close(fd) }()
	if _, err := syscall.InotifyAddWatch(fd, first, syscall.IN_OPEN); err != nil {
		return err
	}
	buf := make([]byte, 4096)
	if _, err := syscall.Read(fd, buf); err != nil {
		return err
	}
	tmp := later + ".pipe"
	if err := syscall.Mkfifo(tmp, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, later)
}
