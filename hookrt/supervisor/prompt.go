// Package supervisor runs the review behind the supervisor profile: a forked, headless Claude Code
// session (`claude -p --resume <id> --fork-session`) that judges the agent's work and answers with
// a JSON verdict {allow_stop, feedback}.
package supervisor

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

//go:embed prompts/*.md
var prompts embed.FS

// OverrideFile is the name of the prompt override in the Claude config dir.
const OverrideFile = "SUPERVISOR.md"

// maxQuestions bounds the question context so the prompt stays a reasonable argument.
const maxQuestions = 32 << 10

// MaxOverride bounds SUPERVISOR.md: the prompt is one argument of claude, and Linux refuses a
// single argument of more than 128 KiB, so a larger file could never reach the reviewer.
const MaxOverride = 64 << 10

// BasePrompt returns the reviewer's instructions: <configDir>/SUPERVISOR.md when it exists and is not
// blank, else the built-in prompt for language ("en" or "zh"). The override is read only when it is
// a regular file of at most MaxOverride bytes (a FIFO or device there never blocks the hook). A
// read error of the override is returned together with the built-in prompt, so the caller may log
// it and carry on.
func BasePrompt(configDir, language string) (string, error) {
	builtin := builtinPrompt(language)
	path := filepath.Join(configDir, OverrideFile)
	data, err := safefile.ReadRegular(path, MaxOverride)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return builtin, nil
	case err != nil:
		return builtin, fmt.Errorf("read prompt override: %w", err)
	case strings.TrimSpace(string(data)) == "":
		return builtin, nil
	}
	return string(data), nil
}

func builtinPrompt(language string) string {
	name := "prompts/en.md"
	if language == "zh" {
		name = "prompts/zh.md"
	}
	data, _ := prompts.ReadFile(name) // embedded: cannot fail
	return string(data)
}

// Prompt returns the full prompt for ev: base, plus for PreToolUse the pending questions of
// tool_input as context.
func Prompt(base, language string, ev *event.Event) string {
	if ev.Name != event.PreToolUse {
		return base
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(base, "\n"))
	if language == "zh" {
		b.WriteString("\n\n## 待提出的问题\n\n智能体准备通过 " + ev.ToolName +
			" 向用户提出以下问题。只有当这些问题确实需要用户回答时才允许（allow_stop: true）；" +
			"否则拒绝，并告诉智能体如何自己找到答案。\n\n")
	} else {
		b.WriteString("\n\n## Pending questions\n\nThe agent is about to ask the user the following with " +
			ev.ToolName + ". Allow (allow_stop: true) only if they really need the user; otherwise " +
			"deny and tell the agent how to answer them itself.\n\n")
	}
	q := questions(ev.ToolInput)
	if len(q) > maxQuestions {
		q = q[:maxQuestions] + "\n…(truncated)\n"
	}
	b.WriteString(q)
	return b.String()
}

type question struct {
	Question    string `json:"question"`
	Header      string `json:"header"`
	MultiSelect bool   `json:"multiSelect"`
	Options     []struct {
		Label       string `json:"label"`
		Description string `json:"description"`
	} `json:"options"`
}

// questions renders AskUserQuestion's tool_input as a numbered list; any other input is shown as JSON.
func questions(input json.RawMessage) string {
	var in struct {
		Questions []question `json:"questions"`
	}
	if err := json.Unmarshal(input, &in); err != nil || len(in.Questions) == 0 {
		if len(input) == 0 {
			return "(no tool input)\n"
		}
		return "```json\n" + string(input) + "\n```\n"
	}
	var b strings.Builder
	for i, q := range in.Questions {
		fmt.Fprintf(&b, "%d. ", i+1)
		if q.Header != "" {
			fmt.Fprintf(&b, "[%s] ", q.Header)
		}
		b.WriteString(q.Question)
		if q.MultiSelect {
			b.WriteString(" (several answers allowed)")
		}
		b.WriteByte('\n')
		for _, o := range q.Options {
			b.WriteString("   - " + o.Label)
			if o.Description != "" {
				b.WriteString(": " + o.Description)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}
