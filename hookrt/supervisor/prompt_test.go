package supervisor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

func TestBasePrompt(t *testing.T) {
	dir := t.TempDir()
	en, err := BasePrompt(dir, "en")
	if err != nil || !strings.Contains(en, "independent, critical supervisor") || !strings.Contains(en, "allow_stop") {
		t.Fatalf("en prompt: %v\n%s", err, en)
	}
	zh, _ := BasePrompt(dir, "zh")
	if !strings.Contains(zh, "监督者") || !strings.Contains(zh, "allow_stop") {
		t.Fatalf("zh prompt:\n%s", zh)
	}
	if err := os.WriteFile(filepath.Join(dir, OverrideFile), []byte("  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := BasePrompt(dir, "en"); got != en {
		t.Error("a blank override replaced the built-in prompt")
	}
	if err := os.WriteFile(filepath.Join(dir, OverrideFile), []byte("Be strict."), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := BasePrompt(dir, "zh"); got != "Be strict." {
		t.Errorf("override: got %q", got)
	}
}

func TestPromptQuestions(t *testing.T) {
	ev := &event.Event{Name: event.PreToolUse, ToolName: event.AskUserQuestion, ToolInput: []byte(
		`{"questions":[{"question":"Which DB?","header":"DB","multiSelect":true,"options":[{"label":"Postgres","description":"relational"},{"label":"SQLite"}]}]}`)}
	got := Prompt("Base.", "en", ev)
	want := "Base.\n\n## Pending questions\n\n"
	if !strings.HasPrefix(got, want) {
		t.Fatalf("got %q", got)
	}
	for _, s := range []string{"1. [DB] Which DB? (several answers allowed)\n", "   - Postgres: relational\n", "   - SQLite\n"} {
		if !strings.Contains(got, s) {
			t.Errorf("prompt lacks %q:\n%s", s, got)
		}
	}
	if stop := Prompt("Base.", "en", &event.Event{Name: event.Stop}); stop != "Base." {
		t.Errorf("Stop prompt: %q", stop)
	}
	other := Prompt("B", "zh", &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: []byte(`{"command":"ls"}`)})
	if !strings.Contains(other, "待提出的问题") || !strings.Contains(other, `{"command":"ls"}`) {
		t.Errorf("other tool prompt: %q", other)
	}
}

func TestArgs(t *testing.T) {
	r := Request{SessionID: "s", ExtraArgs: []string{"--model", "opus"}, Prompt: "---\ntitle: x\n---"}
	got := strings.Join(r.Args(), "|")
	want := "-p|--resume|s|--fork-session|--output-format|json|--json-schema|" + Schema + "|--model|opus|\n---\ntitle: x\n---"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestBasePromptOverrideTooLarge: an override larger than one claude argument may be is not used;
// the error names the file and the built-in prompt stands in.
func TestBasePromptOverrideTooLarge(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, OverrideFile)
	if err := os.WriteFile(path, []byte(strings.Repeat("x", MaxOverride+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := BasePrompt(dir, "en")
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(got, "allow_stop") {
		t.Fatalf("got error %v and a prompt of %d bytes", err, len(got))
	}
}
