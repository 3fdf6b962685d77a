package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// handSetTimeouts is a user file where our Stop entry's timeout was edited by hand to 900 (as
// the file writes it, 9e2), and our PreToolUse entry still has the 600 install wrote.
func handSetTimeouts(bin string) string {
	h := func(timeout string) string {
		return `[{"type": "command", "command": "` + bin + ` hook", "timeout": ` + timeout + `, "statusMessage": "ccc-hooks supervisor reviewing"}]`
	}
	return `{"hooks": {"Stop": [{"hooks": ` + h("9e2") + `}], "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": ` + h("600") + `}]}}` + "\n"
}

// TestInstallPromptKeepsHandSetTimeouts: on a terminal, taking the timeout offered keeps each
// entry's own timeout (the file does not change); typing one sets it on every entry.
func TestInstallPromptKeepsHandSetTimeouts(t *testing.T) {
	env, _, _ := testEnv(t)
	bin, _ := env.Executable()
	path := paths.Place{Getenv: env.Getenv}.UserFile()
	before := handSetTimeouts(bin)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{0, []int{0, 1}, "", false, false, false}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got := p.defaults[2]; got != "900" {
		t.Errorf("timeout offered %s, want the Stop entry's 900", got)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, []byte(before)) {
		t.Errorf("taking the timeout offered changed the file:\n%s\nwant\n%s", after, before)
	}

	p = &scriptedPrompter{t: t, answers: []any{0, []int{0, 1}, "300", false, false, false, true}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := strings.ReplaceAll(strings.ReplaceAll(before, `"timeout": 9e2`, `"timeout": 300`), `"timeout": 600`, `"timeout": 300`)
	if after, _ := os.ReadFile(path); string(after) != want {
		t.Errorf("typing 300:\n%s\nwant\n%s", after, want)
	}
}
