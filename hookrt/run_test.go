package hookrt

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/state"
)

// env is a test environment: a Claude config dir with ccc.json and a fake claude script.
type env struct {
	t    *testing.T
	vars map[string]string
	dir  string
}

func newEnv(t *testing.T, cccJSON, claudeScript string) *env {
	t.Helper()
	dir := t.TempDir()
	e := &env{t: t, dir: dir, vars: map[string]string{"CLAUDE_CONFIG_DIR": filepath.Join(dir, "claude")}}
	if err := os.MkdirAll(e.vars["CLAUDE_CONFIG_DIR"], 0o755); err != nil {
		t.Fatal(err)
	}
	if cccJSON != "" {
		e.write(filepath.Join(e.vars["CLAUDE_CONFIG_DIR"], "ccc.json"), cccJSON, 0o644)
	}
	if claudeScript != "" {
		if runtime.GOOS == "windows" {
			t.Skip("the fake claude is a shell script")
		}
		p := filepath.Join(dir, "claude.sh")
		e.write(p, "#!/bin/sh\n"+claudeScript, 0o755)
		e.vars["CCC_CLAUDE"] = p
	}
	return e
}

func (e *env) write(path, data string, mode os.FileMode) {
	e.t.Helper()
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) opts() Options {
	return Options{
		Getenv:  func(k string) string { return e.vars[k] },
		Environ: os.Environ,
		Now:     time.Now,
		Stderr:  io.Discard,
		// The machine's own managed settings never reach a test.
		ManagedSettings: filepath.Join(e.dir, "managed-settings.json"),
	}
}

func (e *env) home() string { return filepath.Join(e.vars["CLAUDE_CONFIG_DIR"], "ccc") }

func stopEvent(id string) *event.Event { return &event.Event{SessionID: id, Name: event.Stop} }

const allowScript = `echo '{"type":"result","is_error":false,"structured_output":{"allow_stop":true,"feedback":"ok"}}'` + "\n"

func TestRunConcurrentCount(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, allowScript)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Run(context.Background(), stopEvent("same"), e.opts())
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, _, err := (&state.SessionStore{Home: e.home()}).Load("same")
	if err != nil || st.Count != n {
		t.Fatalf("count %d (%v), want %d", st.Count, err, n)
	}
}

func TestRunConcurrentCountStopsAtCap(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":7}}`, allowScript)
	var wg sync.WaitGroup
	var mu sync.Mutex
	capped := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := Run(context.Background(), stopEvent("same"), e.opts())
			if err != nil {
				t.Error(err)
				return
			}
			if strings.Contains(*out.Reason, "cap reached (7 of max_iterations 7)") {
				mu.Lock()
				capped++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st, _, _ := (&state.SessionStore{Home: e.home()}).Load("same")
	if st.Count != 7 || capped != 13 {
		t.Fatalf("count %d, capped %d; want 7 and 13", st.Count, capped)
	}
}

// TestRunTimeoutKillsProcessGroup runs a reviewer that hangs with a child of its own: the hook
// must return soon after the limit and leave neither process behind.
func TestRunTimeoutKillsProcessGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("checks processes through /proc")
	}
	e := newEnv(t, `{"supervisor":{"enabled":true}}`, "sleep 60 &\necho $! > \"$PIDS\"\necho $$ >> \"$PIDS\"\nsleep 60\n")
	pids := filepath.Join(e.dir, "pids")
	t.Setenv("PIDS", pids)
	opts := e.opts()
	opts.ReviewTimeout = 500 * time.Millisecond

	for _, ev := range []*event.Event{stopEvent("slow"), {SessionID: "slow", Name: event.PreToolUse, ToolName: event.AskUserQuestion}} {
		_ = os.Remove(pids)
		start := time.Now()
		out, err := Run(context.Background(), ev, opts)
		elapsed := time.Since(start)
		if elapsed > opts.ReviewTimeout+time.Second {
			t.Errorf("%s: returned after %s", ev.Name, elapsed)
		}
		if ev.Name == event.Stop {
			var failed *ReviewFailedError
			if !errors.As(err, &failed) || err.Error() != "supervisor SDK failed: review timed out after 500ms" {
				t.Errorf("Stop: got %v, %v", out, err)
			}
		} else if err != nil || out.HookSpecificOutput.PermissionDecision != "deny" ||
			out.HookSpecificOutput.PermissionDecisionReason != "supervisor review failed: review timed out after 500ms" {
			t.Errorf("PreToolUse: got %+v, %v", out, err)
		}
		data, err := os.ReadFile(pids)
		if err != nil {
			t.Fatalf("the fake did not start: %v", err)
		}
		for _, f := range strings.Fields(string(data)) {
			pid, _ := strconv.Atoi(f)
			waitGone(t, pid)
		}
	}
}

// waitGone fails unless pid is gone (or a zombie nobody reaped) within a second.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return
		}
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("process %d outlived the review", pid)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestRunGuardTouchesNothing(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n")
	e.vars["CCC_SUPERVISOR_HOOK"] = "1"
	for _, ev := range []*event.Event{stopEvent("g"), {SessionID: "g", Name: event.PreToolUse, ToolName: "Read"}, {SessionID: "g", Name: event.UserPromptSubmit}} {
		out, err := Run(context.Background(), ev, e.opts())
		if err != nil {
			t.Fatal(err)
		}
		if (ev.Name == event.Stop) != (out != nil) {
			t.Errorf("%s %s: output %+v", ev.Name, ev.ToolName, out)
		}
	}
	if _, err := os.Stat(e.home()); !os.IsNotExist(err) {
		t.Errorf("ccc-hooks home created: %v", err)
	}
	if _, err := os.Stat(e.vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("the reviewer ran")
	}
}

// TestRunGuardIsReadOnly: inside a review every tool call meets the read-only rule, whatever
// the user's own settings allow: what it refuses is denied, what it grants gets no decision
// (Claude Code's own permission checks still apply), supervisor.allowed_tools included.
func TestRunGuardIsReadOnly(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true,"allowed_tools":["Bash(go test:*)"]}}`, allowScript)
	e.vars["CCC_SUPERVISOR_HOOK"] = "1"
	tests := []struct {
		tool, input string
		deny        bool
	}{
		{"Read", `{"file_path":"/p/go.mod"}`, false},
		{"Bash", `{"command":"git status && go test ./..."}`, false},
		{"Bash", `{"command":"rm -f keep-me.txt"}`, true},
		{"Bash", `{"command":"git diff; git checkout ."}`, true},
		{"Bash", `{"command":"go test ./... > out.txt"}`, true},
		{"Edit", `{"file_path":"/p/a.go","old_string":"a","new_string":"b"}`, true},
		{"Write", `{"file_path":"/p/a.go","content":"x"}`, true},
		{"AskUserQuestion", `{"questions":[]}`, true},
	}
	for _, tt := range tests {
		ev := &event.Event{SessionID: "g", Name: event.PreToolUse, ToolName: tt.tool, ToolInput: json.RawMessage(tt.input)}
		out, err := Run(context.Background(), ev, e.opts())
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !tt.deny && out != nil:
			t.Errorf("%s %s: output %+v, want no decision", tt.tool, tt.input, out)
		case tt.deny && (out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny"):
			t.Errorf("%s %s: output %+v, want deny", tt.tool, tt.input, out)
		case tt.deny && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "read-only"):
			t.Errorf("%s: reason %q does not say the review is read-only", tt.tool, out.HookSpecificOutput.PermissionDecisionReason)
		}
	}
}

func TestRunConfigProblemsFallBack(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true,"max_iterations":1000,"language":"fr"}}`, allowScript)
	var stderr strings.Builder
	opts := e.opts()
	opts.Stderr = &stderr
	out, err := Run(context.Background(), stopEvent("p"), opts)
	if err != nil || *out.Reason != "ok" {
		t.Fatalf("got %+v, %v", out, err)
	}
	for _, s := range []string{"supervisor.max_iterations", "supervisor.language"} {
		if !strings.Contains(stderr.String(), s) {
			t.Errorf("stderr lacks %s:\n%s", s, stderr.String())
		}
	}
}

func BenchmarkRunDisabled(b *testing.B) {
	dir := b.TempDir()
	getenv := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return dir
		}
		return ""
	}
	opts := Options{Getenv: getenv, Stderr: io.Discard}
	ev := stopEvent("bench")
	for b.Loop() {
		if _, err := Run(context.Background(), ev, opts); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunGuard(b *testing.B) {
	getenv := func(k string) string {
		if k == "CCC_SUPERVISOR_HOOK" {
			return "1"
		}
		return ""
	}
	opts := Options{Getenv: getenv, Stderr: io.Discard}
	ev := stopEvent("bench")
	for b.Loop() {
		if _, err := Run(context.Background(), ev, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRunRefusesUnguardedReview: with allowManagedHooksOnly in managed settings Claude Code would
// ignore the reviewer's read-only hook, so no reviewer starts and the review fails, naming why.
func TestRunRefusesUnguardedReview(t *testing.T) {
	e := newEnv(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n"+allowScript)
	opts := e.opts()
	e.write(opts.ManagedSettings, `{"allowManagedHooksOnly": true}`, 0o644)
	_, err := Run(context.Background(), stopEvent("m"), opts)
	var failed *ReviewFailedError
	var unguarded *UnguardedError
	if !errors.As(err, &failed) || !errors.As(err, &unguarded) || unguarded.Path != opts.ManagedSettings {
		t.Fatalf("Run = %v, want a failed review naming %s", err, opts.ManagedSettings)
	}
	if _, err := os.Stat(e.vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("the reviewer ran")
	}
	e.write(opts.ManagedSettings, `{"allowManagedHooksOnly": false}`, 0o644)
	if out, err := Run(context.Background(), stopEvent("m2"), opts); err != nil || out == nil || *out.Reason != "ok" {
		t.Fatalf("Run with allowManagedHooksOnly false = %+v, %v; want the review's allow", out, err)
	}
}
