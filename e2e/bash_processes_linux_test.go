package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// TestBashToolProcesses measures what the supervisor's bound on the reviewer's commands relies
// on (hookrt/supervisor/bound.go; docs/claude-code.md, "The Bash tool's processes"), with and
// without Claude Code's Bash sandbox, with a PreToolUse hook in the user's settings: the Bash
// tool starts each command as a child of claude in a session of its own, whose standard output
// and error are the task's output file, <tmp>/claude-<uid>/<project>/<session>/tasks/<id>.output,
// opened to append; a hook's output is none such. A command ended from outside — stopped, a line
// appended to that file, killed — reaches the model as its output with that line; one Claude Code
// had moved to the background ends with a task notification, and claude -p exits without waiting
// out its 10 minutes.
func TestBashToolProcesses(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		sandbox    bool
		timeoutMS  int  // the call's timeout
		background bool // ended after Claude Code moved it to the background
	}{
		{"plain", false, 120_000, false},
		{"sandbox", true, 120_000, false},
		{"moved to the background", false, 2_000, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.sandbox {
				RequireBashSandbox(t)
			}
			const line = "ended from outside, a line of ours"
			sc := newScenario(t, func(r *Request) Reply {
				if len(r.ToolResults()) == 0 {
					return Call("Bash", map[string]any{"command": "echo started; sleep 300", "description": "Wait", "timeout": tt.timeoutMS}, "")
				}
				return Say("Done.")
			})
			hookLog := filepath.Join(sc.Root, "hook.log")
			settings := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
				"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": "echo hook >> " + hookLog + "; sleep 3"}},
			}}}}
			if tt.sandbox {
				settings["sandbox"] = map[string]any{"enabled": true, "allowUnsandboxedCommands": false}
			}
			sc.WriteJSON(t, sc.SettingsPath(), settings)
			c := exec.Command(sc.Claude.Path, "-p", "--permission-mode", "dontAsk",
				"--allowedTools", "Bash(echo:*),Bash(sleep:*)", "--output-format", "json", "--", "Go.")
			c.Dir, c.Env = sc.Project, sc.Env()
			c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- c.Wait() }()
			defer func() {
				_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
				select {
				case err := <-done:
					_ = err // killed on purpose, or already reported
				case <-time.After(10 * time.Second):
				}
			}()
			claude, _ := proc.Lookup(c.Process.Pid)

			// While the hook runs, it is a child of claude whose output is no task's.
			var hook proc.Process
			Eventually(t, time.Minute, "the hook to run", func() bool {
				for _, p := range claude.Children() {
					if args := p.Args(); len(args) > 2 && strings.Contains(args[2], hookLog) {
						hook = p
						return true
					}
				}
				return false
			}, sc.api.Timeline)
			if out := hook.Stdout(); strings.HasSuffix(out, ".output") {
				t.Errorf("the hook's output is %s, a task's output file", out)
			}

			// The command: a child of claude leading a session of its own, its outputs on the
			// task's file, opened to append.
			var command proc.Process
			Eventually(t, time.Minute, "the command to start", func() bool {
				for _, p := range claude.Children() {
					if strings.HasSuffix(p.Stdout(), ".output") {
						command = p
						return true
					}
				}
				return false
			}, sc.api.Timeline)
			output := command.Stdout()
			if filepath.Base(filepath.Dir(output)) != "tasks" {
				t.Errorf("the command's output file %s is not in a directory named tasks", output)
			}
			if !appends(t, command.PID, 1) || !appends(t, command.PID, 2) {
				t.Errorf("the command's outputs are not open to append")
			}
			var nodes []proc.Node
			var below []proc.Process
			var sleeper proc.Process
			Eventually(t, time.Minute, "the command's sleep to start", func() bool {
				nodes = proc.All()
				below = proc.Below(command, nodes)
				for _, p := range below {
					if args := p.Args(); len(args) == 2 && args[0] == "sleep" {
						sleeper = p
						return true
					}
				}
				return false
			}, sc.api.Timeline)
			for _, n := range nodes {
				if n.Process == command && n.Session != command.PID {
					t.Errorf("the command's shell is in session %d, not one of its own", n.Session)
				}
			}
			if got := sleeper.Stdout(); got != output {
				t.Errorf("the sleep writes to %s, not the task's file %s", got, output)
			}
			t.Logf("the command: %d processes, from %q", len(below), excerptArgs(command.Args()))

			if tt.background {
				Eventually(t, time.Minute, "the call's result", func() bool { return len(latestResults(sc)) > 0 }, sc.api.Timeline)
			}
			for _, p := range below {
				_ = p.Stop()
			}
			if err := command.AppendToStdout("\n" + line + "\n"); err != nil {
				t.Fatal(err)
			}
			for _, p := range below {
				_ = p.Kill()
			}
			select {
			case err := <-done:
				t.Logf("claude -p exited: %v", err)
			case <-time.After(time.Minute):
				t.Fatalf("claude -p still runs a minute after its command was ended\n%s", sc.api.Timeline())
			}
			results := latestResults(sc)
			if len(results) != 1 {
				t.Fatalf("results: %d, want 1", len(results))
			}
			got := results[0].ResultText()
			t.Logf("the call's result: %q", got)
			if tt.background {
				if !strings.Contains(got, "moved to the background") {
					t.Errorf("the call's result: %q, want it moved to the background", got)
				}
				if !anyRequestContains(sc, "<task-notification>") {
					t.Errorf("no task notification reached the model\n%s", sc.api.Timeline())
				}
				return
			}
			if !strings.HasPrefix(got, "Exit code") || !strings.Contains(got, "started") || !strings.Contains(got, line) {
				t.Errorf("the call's result: %q, want an exit code, the command's output and our line", got)
			}
		})
	}
}

// latestResults are the tool results of the agent's latest request that has the most.
func latestResults(sc *scenario) []ContentBlock {
	var out []ContentBlock
	for _, r := range sc.api.Agent() {
		if rs := r.ToolResults(); len(rs) > len(out) {
			out = rs
		}
	}
	return out
}

func anyRequestContains(sc *scenario, s string) bool {
	for _, r := range sc.api.Agent() {
		if r.Contains(s) {
			return true
		}
	}
	return false
}

func excerptArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// appends reports whether the descriptor fd of process pid is open to append (O_APPEND in its
// flags, /proc/PID/fdinfo/FD: octal).
func appends(t *testing.T, pid, fd int) bool {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/%d", pid, fd))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&syscall.O_APPEND != 0
		}
	}
	return false
}
