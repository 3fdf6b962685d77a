package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/gitwall"
	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
)

func TestHandleConcurrentCount(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":100}}`, hooktest.AllowScript)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := run(context.Background(), hooktest.Stop("same"), optsOf(e))
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
	st, _, err := storeOf(e).Load("same")
	if err != nil || st.Count != n {
		t.Fatalf("count %d (%v), want %d", st.Count, err, n)
	}
}

func TestHandleConcurrentCountStopsAtCap(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":7}}`, hooktest.AllowScript)
	var wg sync.WaitGroup
	var mu sync.Mutex
	capped := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := run(context.Background(), hooktest.Stop("same"), optsOf(e))
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
	st, _, _ := storeOf(e).Load("same")
	if st.Count != 7 || capped != 13 {
		t.Fatalf("count %d, capped %d; want 7 and 13", st.Count, capped)
	}
}

// TestInsideReviewIsReadOnly: inside a review every tool call meets the read-only rule, whatever
// the user's own settings allow: what it refuses is denied, what it grants gets no decision
// (Claude Code's own permission checks still apply), supervisor.allowed_tools included. git runs
// only in the environment of the review's git wall, and no Bash command while a variable makes
// bash run code before it.
func TestInsideReviewIsReadOnly(t *testing.T) {
	cfg := config.Default()
	cfg.AllowedTools = []string{"Bash(go test:*)"}
	walled := append(gitwall.Hardening(), (*gitwall.Wall)(nil).Env()...)
	tests := []struct {
		tool, input string
		deny        bool
		cwd, dir    string   // the event's cwd and the review's directory (reviewer.ReviewDirEnv)
		env         []string // the reviewer's variables besides those; the wall's when nil
	}{
		{"Read", `{"file_path":"/p/go.mod"}`, false, "", "", nil},
		{"Bash", `{"command":"git status && go test ./..."}`, false, "", "", nil},
		{"Bash", `{"command":"git status"}`, true, "/p/nested", "/p", nil},
		{"Bash", `{"command":"git status"}`, true, "/p", "-", nil},
		{"Bash", `{"command":"ls"}`, false, "/p", "-", nil},
		{"Bash", `{"command":"rm -f keep-me.txt"}`, true, "", "", nil},
		{"Bash", `{"command":"git diff; git checkout ."}`, true, "", "", nil},
		{"Bash", `{"command":"go test ./... > out.txt"}`, true, "", "", nil},
		{"Edit", `{"file_path":"/p/a.go","old_string":"a","new_string":"b"}`, true, "", "", nil},
		{"Write", `{"file_path":"/p/a.go","content":"x"}`, true, "", "", nil},
		{"AskUserQuestion", `{"questions":[]}`, true, "", "", nil},
		// git without the wall's environment, or with a variable of someone else's.
		{"Bash", `{"command":"git status"}`, true, "", "", []string{}},
		{"Bash", `{"command":"ls"}`, false, "", "", []string{}},
		{"Bash", `{"command":"git status"}`, true, "", "", append(slices.Clone(walled), "GIT_EXEC_PATH=/p/bin")},
		{"Bash", `{"command":"git log"}`, true, "", "", append(slices.Clone(walled)[1:], "GIT_CONFIG_GLOBAL=/p/.gitconfig")},
		// bash would run code before the command.
		{"Bash", `{"command":"ls"}`, true, "", "", append(slices.Clone(walled), "BASH_ENV=/p/x.sh")},
		{"Bash", `{"command":"ls"}`, true, "", "", append(slices.Clone(walled), "BASH_FUNC_ls%%=() { rm -rf /p; }")},
		{"Read", `{"file_path":"/p/go.mod"}`, false, "", "", append(slices.Clone(walled), "BASH_ENV=/p/x.sh")},
	}
	for _, tt := range tests {
		ev := &event.Event{SessionID: "g", Name: event.PreToolUse, ToolName: tt.tool, ToolInput: json.RawMessage(tt.input), CWD: "/p"}
		dir := "/p"
		if tt.cwd != "" {
			ev.CWD, dir = tt.cwd, tt.dir
		}
		if dir == "-" {
			dir = ""
		}
		vars := tt.env
		if vars == nil {
			vars = walled
		}
		vars = append(slices.Clone(vars), reviewer.ReviewDirEnv+"="+dir, "PATH=/usr/bin:/bin")
		getenv := func(k string) string {
			for _, kv := range vars {
				if name, value, _ := strings.Cut(kv, "="); name == k {
					return value
				}
			}
			return ""
		}
		env := hookenv.System(io.Discard)
		env.Getenv, env.Environ = getenv, func() []string { return vars }
		out := InsideReview(ev, cfg, env)
		switch {
		case !tt.deny && out != nil:
			t.Errorf("%s %s %q: output %+v, want no decision", tt.tool, tt.input, tt.env, out)
		case tt.deny && (out == nil || out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny"):
			t.Errorf("%s %s %q: output %+v, want deny", tt.tool, tt.input, tt.env, out)
		case tt.deny && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "read-only"):
			t.Errorf("%s: reason %q does not say the review is read-only", tt.tool, out.HookSpecificOutput.PermissionDecisionReason)
		}
	}
}

// TestHandleRefusesUnguardedReview: with allowManagedHooksOnly in managed settings Claude Code would
// ignore the reviewer's read-only hook, so no reviewer starts and the review fails, naming why.
func TestHandleRefusesUnguardedReview(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n"+hooktest.AllowScript)
	opts := optsOf(e)
	e.Write(opts.Review.ManagedSettings, `{"allowManagedHooksOnly": true}`, 0o644)
	_, err := run(context.Background(), hooktest.Stop("m"), opts)
	var failed *ReviewFailedError
	var unguarded *UnguardedError
	if !errors.As(err, &failed) || !errors.As(err, &unguarded) || unguarded.Path != opts.Review.ManagedSettings {
		t.Fatalf("Run = %v, want a failed review naming %s", err, opts.Review.ManagedSettings)
	}
	if _, err := os.Stat(e.Vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("the reviewer ran")
	}
	e.Write(opts.Review.ManagedSettings, `{"allowManagedHooksOnly": false}`, 0o644)
	if out, err := run(context.Background(), hooktest.Stop("m2"), opts); err != nil || out == nil || *out.Reason != "ok" {
		t.Fatalf("Run with allowManagedHooksOnly false = %+v, %v; want the review's allow", out, err)
	}
}

// TestReviewLine: the line the user sees after a review says what the verdict did, the review's
// number against the cap and its cost, or that claude reported none; a tool call other than a
// question gets no answer, and no line.
func TestReviewLine(t *testing.T) {
	tests := []struct {
		event, decision string
		cost            float64
		want            string
	}{
		{event.Stop, DecisionBlock, 0.0421, "ccc-hooks supervisor: sent the agent back to work (review 3 of 20, $0.0421)."},
		{event.Stop, DecisionAllow, 0, "ccc-hooks supervisor: allowed the stop (review 3 of 20, cost not reported)."},
		{event.PreToolUse, DecisionDeny, 1.5, "ccc-hooks supervisor: sent the question back (review 3 of 20, $1.5000)."},
		{event.PreToolUse, DecisionAllow, 0.00004, "ccc-hooks supervisor: let the question through (review 3 of 20, $0.0000)."},
	}
	for _, tt := range tests {
		rec := &Decision{Event: tt.event, Decision: tt.decision, Count: 3, Max: 20, Usage: reviewer.Usage{CostUSD: tt.cost}}
		if got := withReviewLine(&event.Output{SystemMessage: "replaced"}, rec, ""); got.SystemMessage != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.event, tt.decision, got.SystemMessage, tt.want)
		}
	}
	if got := withReviewLine(nil, &Decision{Event: event.PreToolUse}, ""); got != nil {
		t.Errorf("no answer got the line: %+v", got)
	}
}
