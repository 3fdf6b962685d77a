package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/cmd/prompter"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name     string
		settings string
		args     []string
		want     int
		stderr   string
	}{
		{"success", `{}`, []string{"install"}, 0, ""},
		{"project dir exists", `{}`, []string{"install", "--scope", "project", "--project-dir", "{HOME}/proj"}, 0, ""},
		{
			"project in the home directory", `{}`,
			[]string{"install", "--scope", "project", "--project-dir", "{HOME}"},
			2,
			"install: --scope project: here, in {HOME}, the project settings file {HOME}/.claude/settings.json is your user settings file",
		},
		{"nothing to remove", `{}`, []string{"uninstall"}, 0, ""},
		{"invalid json", "{\n  \"a\": 1,\n}", []string{"install"}, 1, "settings.json:3:1: invalid JSON"},
		{"unknown scope", `{}`, []string{"install", "--scope", "x"}, 2, `unknown scope "x"`},
		{"unknown flag", `{}`, []string{"uninstall", "--nope"}, 2, "unknown flag: --nope"},
		{"extra argument", `{}`, []string{"install", "extra"}, 2, "unknown command"},
		{"unknown command", `{}`, []string{"instal"}, 2, "unknown command"},
		{"session and default", `{}`, []string{"supervisor", "on", "--session", "s1", "--default"}, 2, "--session and --default cannot be used together"},
		{"unknown supervisor action", `{}`, []string{"supervisor", "maybe", "--default"}, 2, `unknown action "maybe"`},
		{"provider with another scope", `{}`, []string{"install", "--scope", "user", "--provider", "glm"}, 2, "--provider goes with --scope provider"},
		{"empty file flag", `{}`, []string{"install", "--file", ""}, 2, "--file needs a path"},
		{"missing project dir", `{}`, []string{"install", "--scope", "project", "--project-dir", "{HOME}/missing"}, 2, "project directory {HOME}/missing does not exist"},
		{"completion shell", `{}`, []string{"completion", "tcsh"}, 2, `unknown shell "tcsh"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _, errOut := testEnv(t)
			path := paths.Place{Getenv: env.Getenv}.UserFile()
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.settings), 0o644); err != nil {
				t.Fatal(err)
			}
			home := env.Getenv("HOME")
			mustMkdir(t, filepath.Join(home, "proj"))
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.ReplaceAll(a, "{HOME}", home)
			}
			if got := Main(env, args); got != tt.want {
				t.Errorf("exit code = %d, want %d (stderr %q)", got, tt.want, errOut)
			}
			if want := strings.ReplaceAll(tt.stderr, "{HOME}", home); !strings.Contains(errOut.String(), want) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, want)
			}
		})
	}
}

func TestInstallInteractive(t *testing.T) {
	env, out, _ := testEnv(t)
	inProject(t, env)
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{
		1,               // scope: project
		[]int{0},        // events: stop only
		"120",           // timeout
		true,            // slash commands
		true,            // supervisor on by default
		true,            // checks: yes
		"go test ./...", // the first
		"",              // no second
		true,            // write?
	}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	project, _ := env.Getwd()
	data, err := os.ReadFile(paths.ProjectFile(project))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"timeout": 120`) || strings.Contains(string(data), "AskUserQuestion") {
		t.Errorf("project settings = %s, want Stop only with timeout 120", data)
	}
	for _, file := range []string{"settings.json", "supervisor.md", "supervisor-off.md", "ccc.json"} {
		if !strings.Contains(out.String(), file+"\n") || !strings.Contains(out.String(), "+++ ") {
			t.Errorf("the confirmation did not show the diff of %s:\n%s", file, out)
		}
	}
	if p.asked[len(p.asked)-1] != "Write these changes to 4 files?" {
		t.Errorf("last question = %q", p.asked[len(p.asked)-1])
	}
	if _, err := os.Stat(filepath.Join(paths.ConfigDir(env.Getenv), "commands", "supervisor.md")); err != nil {
		t.Errorf("slash command not written: %v", err)
	}
	// Installed into the project's settings, the check runs for the project alone.
	cfg, _ := os.ReadFile(paths.ConfigFile(env.Getenv))
	if !strings.Contains(string(cfg), `"enabled": true`) ||
		!strings.Contains(string(cfg), `"checks": [{"command":"go test ./...","project":"`+project+`","timeout_seconds":300}]`) {
		t.Errorf("ccc.json = %s, want supervisor enabled, with the check for %s", cfg, project)
	}
	if len(p.answers) != 0 {
		t.Errorf("prompts not asked: %v", p.answers)
	}
}

func TestInstallInteractiveDeclined(t *testing.T) {
	env, out, _ := testEnv(t)
	env.IO.Interactive = true
	env.Prompter = &scriptedPrompter{t: t, answers: []any{0, []int{0, 1}, "600", false, false, false, false}}
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(paths.Place{Getenv: env.Getenv}.UserFile()); !os.IsNotExist(err) {
		t.Errorf("declined install wrote the file (stat: %v)", err)
	}
	if !strings.Contains(out.String(), "Nothing was changed.") {
		t.Errorf("stdout = %q", out)
	}
}

func TestInstallInteractiveCancelled(t *testing.T) {
	env, _, errOut := testEnv(t)
	env.IO.Interactive = true
	env.Prompter = &scriptedPrompter{t: t, answers: []any{prompter.ErrCancelled}}
	if code := Main(env, []string{"install"}); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if got := errOut.String(); got != "ccc-hooks: install cancelled; no file was changed\n" {
		t.Errorf("stderr = %q", got)
	}
	if _, err := os.Stat(paths.ConfigDir(env.Getenv)); !os.IsNotExist(err) {
		t.Errorf("cancelled install created files (stat: %v)", err)
	}
}

func TestInstallYesNeverPrompts(t *testing.T) {
	env, _, _ := testEnv(t)
	env.IO.Interactive = true
	env.Prompter = &scriptedPrompter{t: t} // any prompt fails the test
	if code := Main(env, []string{"install", "--yes"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if code := Main(env, []string{"uninstall", "--yes"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
}

// TestUninstallInteractive: on a terminal uninstall asks which settings file, shows the diff and
// asks before writing; "no" leaves the file as it was, "yes" takes our entries out, and Esc at
// the first question cancels with nothing changed.
func TestUninstallInteractive(t *testing.T) {
	env, out, errOut := testEnv(t)
	if code := Main(env, []string{"install", "--yes"}); code != 0 {
		t.Fatalf("install: exit %d: %s", code, errOut)
	}
	user := paths.Place{Getenv: env.Getenv}.UserFile()
	installed, err := os.ReadFile(user)
	if err != nil {
		t.Fatal(err)
	}
	env.IO.Interactive = true
	out.Reset()

	env.Prompter = &scriptedPrompter{t: t, answers: []any{prompter.ErrCancelled}}
	if code := Main(env, []string{"uninstall"}); code != 1 || !strings.Contains(errOut.String(), "uninstall cancelled; no file was changed") {
		t.Fatalf("Esc: exit %d, stderr %q", code, errOut)
	}

	p := &scriptedPrompter{t: t, answers: []any{0, false}} // user settings, then "no"
	env.Prompter = p
	if code := Main(env, []string{"uninstall"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile(user); !bytes.Equal(got, installed) {
		t.Errorf("declined uninstall changed the file:\n%s", got)
	}
	if !strings.Contains(out.String(), "--- ") || !strings.Contains(out.String(), "Nothing was changed.") {
		t.Errorf("no diff or no \"Nothing was changed.\" before the answer:\n%s", out)
	}
	if got := p.asked[len(p.asked)-1]; got != "Write these changes to "+user+"?" {
		t.Errorf("last question = %q", got)
	}

	env.Prompter = &scriptedPrompter{t: t, answers: []any{0, true}}
	if code := Main(env, []string{"uninstall"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got, err := os.ReadFile(user); err == nil && strings.Contains(string(got), "ccc-hooks") {
		t.Errorf("entries left after uninstall:\n%s", got)
	}
}
