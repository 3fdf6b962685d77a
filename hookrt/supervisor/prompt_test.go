package supervisor

import (
	"encoding/json"
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
	got := Prompt("Base.", "en", ev, nil, false, "")
	want := "\n\n## Pending questions\n\n"
	if !strings.HasPrefix(got, "Base.\n\n## Your tools") || !strings.Contains(got, want) {
		t.Fatalf("got %q", got)
	}
	for _, s := range []string{"\n1. [DB] Which DB? (several answers allowed)\n", "   - Postgres: relational\n", "   - SQLite\n"} {
		if !strings.Contains(got, s) {
			t.Errorf("prompt lacks %q:\n%s", s, got)
		}
	}
	if stop := Prompt("Base.", "en", &event.Event{Name: event.Stop}, nil, false, ""); strings.Contains(stop, "Pending questions") {
		t.Errorf("Stop prompt: %q", stop)
	}
	other := Prompt("B", "zh", &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: []byte(`{"command":"ls"}`)}, nil, false, "")
	if !strings.Contains(other, "待提出的问题") || !strings.Contains(other, `{"command":"ls"}`) {
		t.Errorf("other tool prompt: %q", other)
	}
}

func TestPromptToolsAndLastMessage(t *testing.T) {
	tools := []string{"Bash(git diff:*)", "Bash(go test:*)"}
	tests := []struct {
		name, lang string
		ev         *event.Event
		tools      []string
		want       []string
		not        []string
	}{
		{
			"en stop", "en", &event.Event{Name: event.Stop, LastAssistantMessage: "All done: parser and tests."}, tools,
			[]string{
				"## Your tools", "You can read files with Read, Grep and Glob and run read-only commands with Bash", "- `Bash(git diff:*)`\n- `Bash(go test:*)`",
				"(Edit, Write, NotebookEdit, rm, git checkout, a redirection into a file …), is refused, even though the tool list shows those tools", "## The agent's last message",
				"before it wanted to stop", "<last_assistant_message>\nAll done: parser and tests.\n</last_assistant_message>",
			},
			[]string{"Pending questions", "When in doubt", "run the tests"},
		},
		{
			"en no tools, no message", "en", &event.Event{Name: event.Stop}, nil,
			[]string{"You have no other permissions."},
			[]string{"last message", "Beyond those"},
		},
		{
			"zh no tools", "zh", &event.Event{Name: event.Stop}, nil,
			[]string{"## 你的工具"},
			[]string{"此外还允许"},
		},
		{
			"zh stop", "zh", &event.Event{Name: event.Stop, LastAssistantMessage: "需要数据库密码才能继续。"}, tools,
			[]string{
				"## 你的工具", "- `Bash(go test:*)`", "（Edit、Write、NotebookEdit、rm、git checkout、重定向写入文件等）都会被拒绝，即使工具列表里有它们", "## 智能体的最后一条消息",
				"<last_assistant_message>\n需要数据库密码才能继续。\n</last_assistant_message>",
			},
			[]string{"有疑问时"},
		},
		{
			"en question", "en", &event.Event{
				Name: event.PreToolUse, ToolName: event.AskUserQuestion, LastAssistantMessage: "Let me ask.",
				ToolInput: []byte(`{"questions":[{"question":"Which DB?"}]}`),
			}, tools,
			[]string{"before it wanted to ask its question", "## Pending questions", "1. Which DB?"},
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := builtinPrompt(tt.lang)
			got := Prompt(base, tt.lang, tt.ev, tt.tools, false, "")
			if !strings.HasPrefix(got, strings.TrimRight(base, "\n")) {
				t.Errorf("the prompt does not start with the instructions")
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("prompt lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("prompt has %q:\n%s", n, got)
				}
			}
		})
	}
}

// The built-in instructions let a reviewer allow a stop on a real blocker only the user can
// remove, and never demand what its tools cannot do.
func TestBuiltinPromptAllowsRealBlocker(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"A real blocker", "only the\n  user can give", "exactly what the user must\n  do", "Do not ask for checks you cannot run"},
		"zh": {"真实的阻碍", "只有用户才能提供", "用户必须做什么", "不要要求你自己无法运行的检查"},
	} {
		p := builtinPrompt(lang)
		for _, w := range want {
			if !strings.Contains(p, w) {
				t.Errorf("%s prompt lacks %q", lang, w)
			}
		}
		for _, bad := range []string{"When in doubt, do not allow", "run the tests", "有疑问时，不要允许", "运行项目使用的测试"} {
			if strings.Contains(p, bad) {
				t.Errorf("%s prompt still says %q", lang, bad)
			}
		}
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

// TestPromptBounds: a last message or questions of exactly their bound are quoted whole; one byte
// more is cut and says so.
func TestPromptBounds(t *testing.T) {
	for _, n := range []int{maxLastMessage, maxLastMessage + 1} {
		got := Prompt("B", "en", &event.Event{Name: event.Stop, LastAssistantMessage: strings.Repeat("m", n)}, nil, false, "")
		if cut := strings.Contains(got, "(truncated)"); cut != (n > maxLastMessage) {
			t.Errorf("last message of %d bytes: cut %v", n, cut)
		}
	}
	// One question whose text brings the section to exactly maxQuestions bytes ("1. " and "\n").
	for _, n := range []int{maxQuestions, maxQuestions + 1} {
		input, err := json.Marshal(map[string]any{"questions": []map[string]string{{"question": strings.Repeat("q", n-len("1. \n"))}}})
		if err != nil {
			t.Fatal(err)
		}
		got := Prompt("B", "en", &event.Event{Name: event.PreToolUse, ToolName: event.AskUserQuestion, ToolInput: input}, nil, false, "")
		if cut := strings.Contains(got, "…(truncated)"); cut != (n > maxQuestions) {
			t.Errorf("questions of %d bytes: cut %v", n, cut)
		}
	}
}
