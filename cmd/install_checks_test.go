package cmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestInstallAsksForChecks: the install question offers the checks set now, one by one; Enter
// throughout keeps them (the file is not touched), a new command is added with the default time
// limit, a kept one keeps its own, "-" ends the list, "No" empties it; a project's own checks are
// not asked about and stay.
func TestInstallAsksForChecks(t *testing.T) {
	const set = `{"supervisor": {"checks": [{"command": "go test ./...", "timeout_seconds": 120}, "make lint", {"command": "npm test", "project": "/w"}]}}` + "\n"
	npm := config.Check{Command: "npm test", TimeoutSeconds: 300, Project: "/w"}
	tests := []struct {
		name    string
		answers []any
		want    []config.Check // nil: the file as it was
	}{
		{"enter throughout", []any{true, "", "", ""}, nil},
		{"one added", []any{true, "", "", "cargo test", ""}, []config.Check{{Command: "go test ./...", TimeoutSeconds: 120}, {Command: "make lint", TimeoutSeconds: 300}, {Command: "cargo test", TimeoutSeconds: 300}, npm}},
		{"replaced and ended", []any{true, "make lint", "-"}, []config.Check{{Command: "make lint", TimeoutSeconds: 300}, npm}},
		{"no", []any{false}, []config.Check{npm}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _, errOut := testEnv(t)
			if code := Main(env, []string{"install", "--yes"}); code != 0 {
				t.Fatalf("first install: exit %d", code)
			}
			testfs.Write(t, paths.ConfigFile(env.Getenv), set, 0o644)
			env.IO.Interactive = true
			answers := append([]any{0, []int{0, 1}, "", false, false}, tt.answers...)
			if tt.want != nil {
				answers = append(answers, true) // write?
			}
			p := &scriptedPrompter{t: t, answers: answers}
			env.Prompter = p
			if code := Main(env, []string{"install"}); code != 0 {
				t.Fatalf("exit %d: %s\nasked %q", code, errOut, p.asked)
			}
			data, _ := os.ReadFile(paths.ConfigFile(env.Getenv))
			if tt.want == nil {
				if string(data) != set {
					t.Errorf("ccc.json changed:\n%s", data)
				}
				return
			}
			got, problems := config.Parse(data)
			if diff := cmp.Diff(tt.want, got.Checks); diff != "" || len(problems) > 0 {
				t.Errorf("checks (-want +got):\n%s\n%v", diff, problems)
			}
			if len(p.answers) != 0 {
				t.Errorf("not asked: %v", p.answers)
			}
		})
	}
}

// TestChecksNoteSaysReach: before the checks question install says where the checks run (every
// project from the user's own settings, the project alone from its settings), what they can
// touch, and what a machine without the wall does; where this one cannot make it, why, as doctor
// says it.
func TestChecksNoteSaysReach(t *testing.T) {
	refused := errors.New("no copy-on-write wall here: cannot make the namespaces: no space left on device")
	for _, tt := range []struct {
		name  string
		scope string
		wall  error
		want  []string
	}{
		{"user scope", "user", nil, []string{
			"in every project you open in Claude Code", "nothing it writes is kept, and it has no network",
			"A machine that cannot make that copy does not run checks at all.",
		}},
		{"project scope", "project", nil, []string{"in {PROJECT} and the folders below it, only"}},
		{"no wall here", "user", refused, []string{"This one cannot: no copy-on-write wall here: cannot make the namespaces: no space left on device; " +
			"the wall needs user namespaces and overlayfs (Linux 5.12 or later; a container must allow them) or macOS."}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env, out, _ := testEnv(t)
			project := filepath.Join(env.Getenv("HOME"), "src", "app")
			testfs.Write(t, filepath.Join(project, "go.mod"), "module app\n", 0o644)
			env.Getwd = func() (string, error) { return project, nil }
			env.ProbeWall = func(context.Context, string) error { return tt.wall }
			env.IO.Interactive = true
			env.Prompter = &scriptedPrompter{t: t, answers: []any{[]int{0, 1}, "", false, false, false, true}}
			if code := Main(env, []string{"install", "--scope", tt.scope}); code != 0 {
				t.Fatalf("exit %d", code)
			}
			for _, want := range tt.want {
				if want = strings.ReplaceAll(want, "{PROJECT}", project); !strings.Contains(out.String(), want) {
					t.Errorf("the note lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// TestRefusedCheckSaysWhatTheWallNeeds: where the wall cannot stand (namespaces refused, which the
// kernel reports as "no space left on device"), `supervisor checks` says so as doctor does: the
// cause, and what the wall needs of a machine, so that it does not read as a full disk.
func TestRefusedCheckSaysWhatTheWallNeeds(t *testing.T) {
	got := resultWords(checks.Result{Outcome: checks.Refused, Why: "cannot make the namespaces: no space left on device"})
	want := "not run, never run bare: no copy-on-write wall here: cannot make the namespaces: no space left on device; " +
		"the wall needs user namespaces and overlayfs (Linux 5.12 or later; a container must allow them) or macOS"
	if got != want {
		t.Errorf("resultWords:\n got %s\nwant %s", got, want)
	}
}

// TestInstallMakesRoomForChecks: checks added at the install question raise the hooks' timeout
// to the checks' limits and the review's together, and the install says so, unless a timeout was
// chosen (--timeout, or a number typed at the question): Claude Code ends a hook at its timeout.
func TestInstallMakesRoomForChecks(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		timeout string // the answer to the timeout question (none with --timeout)
		want    string // the Stop entry's timeout in the settings file
		said    bool
	}{
		{"offered timeout taken", nil, "", `"timeout": 900`, true},
		{"timeout typed", nil, "650", `"timeout": 650`, false},
		{"--timeout", []string{"--timeout", "700"}, "", `"timeout": 700`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, out, errOut := testEnv(t)
			if code := Main(env, []string{"install", "--yes"}); code != 0 {
				t.Fatalf("first install: exit %d", code)
			}
			env.IO.Interactive = true
			answers := []any{0, []int{0, 1}}
			if tt.args == nil {
				answers = append(answers, tt.timeout)
			}
			answers = append(answers, false, false, true, "go test ./...", "", true)
			p := &scriptedPrompter{t: t, answers: answers}
			env.Prompter = p
			out.Reset()
			if code := Main(env, append([]string{"install"}, tt.args...)); code != 0 {
				t.Fatalf("exit %d: %s\nasked %q", code, errOut, p.asked)
			}
			data, err := os.ReadFile(paths.Place{Dir: t.TempDir(), Getenv: env.Getenv}.UserFile())
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(data), tt.want); n != 2 {
				t.Errorf("%d entries with %s, want Stop's and PreToolUse's:\n%s", n, tt.want, data)
			}
			said := strings.Contains(out.String(), "The hooks' timeout will be 900 s, not 600 s: Claude Code ends a hook at its timeout, "+
				"and a Stop review now runs its checks (300 s at most) before the review (supervisor.timeout_seconds 600).")
			if said != tt.said {
				t.Errorf("said the timeout raised: %v, want %v:\n%s", said, tt.said, out)
			}
			if len(p.answers) != 0 {
				t.Errorf("not asked: %v", p.answers)
			}
		})
	}
}
