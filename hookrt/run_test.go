package hookrt

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
)

// optsOf are the options cmd gives Run in e, on a machine without Claude Code's Bash sandbox
// or the copy-on-write wall (package supervisor tests the reviews with them).
func optsOf(e *hooktest.Env) Options {
	return Options{
		Env: e.Hook(),
		Review: supervisor.ReviewOptions{
			ManagedSettings: e.ManagedSettings(),
			Sandbox:         func(context.Context, string) bashsandbox.Finding { return bashsandbox.Finding{} },
			Probe:           func(context.Context) error { return errors.New("no copy-on-write wall in this test") },
		},
	}
}

// TestRunGuardTouchesNothing: inside a reviewer's own session no profile acts: a Stop is let
// finish, a tool call meets only the read-only rule, and `/mc` opens no workflow task.
func TestRunGuardTouchesNothing(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, "touch \"$0.called\"\n")
	e.Vars["CCC_SUPERVISOR_HOOK"] = "1"
	project := filepath.Join(e.Dir, "project")
	e.Vars["CLAUDE_PROJECT_DIR"] = project
	e.Write(filepath.Join(project, "tasks", ".keep"), "", 0o644)
	for _, ev := range []*event.Event{
		hooktest.Stop("g"),
		{SessionID: "g", Name: event.PreToolUse, ToolName: "Read"},
		{SessionID: "g", Name: event.UserPromptSubmit, Prompt: "/mc fix it"},
		{SessionID: "g", Name: event.SubagentStop, LastAssistantMessage: "Score: 3/10"},
	} {
		out, err := Run(context.Background(), ev, optsOf(e))
		if err != nil {
			t.Fatal(err)
		}
		if (ev.Name == event.Stop) != (out != nil) {
			t.Errorf("%s %s: output %+v", ev.Name, ev.ToolName, out)
		}
	}
	if _, err := os.Stat(e.Home()); !os.IsNotExist(err) {
		t.Errorf("ccc-hooks home created: %v", err)
	}
	if _, err := os.Stat(e.Vars["CCC_CLAUDE"] + ".called"); !os.IsNotExist(err) {
		t.Error("the reviewer ran")
	}
	if entries, err := os.ReadDir(filepath.Join(project, "tasks")); err != nil || len(entries) != 1 {
		t.Errorf("tasks/ holds %v (%v), want only .keep: no task opened", entries, err)
	}
}

func TestRunConfigProblemsFallBack(t *testing.T) {
	e := hooktest.New(t, `{"supervisor":{"enabled":true,"max_iterations":1000,"language":"fr"}}`, hooktest.AllowScript)
	var stderr strings.Builder
	opts := optsOf(e)
	opts.Stderr = &stderr
	out, err := Run(context.Background(), hooktest.Stop("p"), opts)
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
	opts := Options{Env: outside.System(io.Discard)}
	opts.Getenv = getenv
	ev := hooktest.Stop("bench")
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
	opts := Options{Env: outside.System(io.Discard)}
	opts.Getenv = getenv
	ev := hooktest.Stop("bench")
	for b.Loop() {
		if _, err := Run(context.Background(), ev, opts); err != nil {
			b.Fatal(err)
		}
	}
}
