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

// maxLastMessage bounds the agent's last message quoted in the prompt.
const maxLastMessage = 32 << 10

// Prompt returns the full prompt for ev: base, then what the reviewer may use (allowedTools; with
// walled, every Bash command behind the copy-on-write wall), the evidence of the project's checks
// (a section of package checks, "" without checks), the agent's last message (a fork sees what
// was on disk when it started, which may miss it), and for PreToolUse the pending questions of
// tool_input. All of it follows the session's messages, so the prompt cache holds whatever it
// says.
func Prompt(base, language string, ev *event.Event, allowedTools []string, walled bool, evidence string) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(base, "\n"))
	if walled {
		b.WriteString(walledToolsSection(language))
	} else {
		b.WriteString(toolsSection(language, allowedTools))
	}
	b.WriteString(evidence)
	if msg := strings.TrimSpace(ev.LastAssistantMessage); msg != "" {
		if len(msg) > maxLastMessage {
			msg = strings.ToValidUTF8(msg[:maxLastMessage], "") + "…\n(truncated)" // valid but for a cut character
		}
		if language == "zh" {
			b.WriteString("\n\n## 智能体的最后一条消息\n\n这是智能体在想要" + stopOrAsk(ev, "zh") +
				"之前写的最后一条消息（上面的对话可能还没有包含它）：\n\n")
		} else {
			b.WriteString("\n\n## The agent's last message\n\nThis is what the agent wrote last, before it wanted to " +
				stopOrAsk(ev, "en") + " (the conversation above may not include it yet):\n\n")
		}
		b.WriteString("<last_assistant_message>\n" + msg + "\n</last_assistant_message>")
	}
	if ev.Name != event.PreToolUse {
		return b.String() + "\n"
	}
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

func stopOrAsk(ev *event.Event, language string) string {
	switch {
	case ev.Name == event.PreToolUse && language == "zh":
		return "提问"
	case ev.Name == event.PreToolUse:
		return "ask its question"
	case language == "zh":
		return "停止"
	}
	return "stop"
}

// toolsSection tells the reviewer which tools it has: Read and the Bash commands that only
// read, the allowed ones, and that everything else is refused although the tool list still shows
// it (the list is the session's own, kept for the prompt cache).
func toolsSection(language string, allowed []string) string {
	var list strings.Builder
	for _, t := range allowed {
		list.WriteString("\n- `" + t + "`")
	}
	if language == "zh" {
		s := "\n\n## 你的工具\n\n你可以用 Read、Grep、Glob 阅读文件，并用 Bash 运行只读命令（例如 ls、cat、grep、rg、find、" +
			"git status、git diff、git log、git show）。"
		if len(allowed) > 0 {
			s += "此外还允许：" + list.String() + "\n\n"
		} else {
			s += "除此之外你没有其他权限。"
		}
		return s + "其他工具调用和会修改内容的命令（Edit、Write、NotebookEdit、rm、git checkout、重定向写入文件等）" +
			"都会被拒绝，即使工具列表里有它们。请据此决定你能核实什么。"
	}
	s := "\n\n## Your tools\n\nYou can read files with Read, Grep and Glob and run read-only commands with Bash (for example " +
		"ls, cat, grep, rg, find, git status, git diff, git log, git show)."
	if len(allowed) > 0 {
		s += " Beyond those you may use:" + list.String() + "\n\n"
	} else {
		s += " You have no other permissions. "
	}
	return s + "Any other tool call, and any command that changes something (Edit, Write, NotebookEdit, rm, " +
		"git checkout, a redirection into a file …), is refused, even though the tool list shows those tools. " +
		"Decide what you can verify accordingly."
}

// walledToolsSection tells the reviewer which tools it has where every Bash command runs behind
// the copy-on-write wall (reviewer.InsideReview): any command, which may write, build and run tests, with
// nothing of it lasting, each starting from the files as they are; and that the tools that edit
// files are refused.
func walledToolsSection(language string) string {
	if language == "zh" {
		return "\n\n## 你的工具\n\n你可以用 Read、Grep、Glob 阅读文件，并用 Bash 运行任何命令：每条 Bash 命令都在 ccc-hooks 的写时复制隔离墙后运行" +
			"（项目和你的主目录之上的一次性层，没有网络，磁盘、内存、进程和时间都有上限），所以你可以构建、运行测试、写文件，" +
			"而命令所做的一切都不会留下：每条命令都从真实的文件树开始，上一条命令写的文件在下一条里已经不在了，" +
			"依赖它的步骤请写在同一条命令里（用 && 连接）。Edit、Write、NotebookEdit 等修改文件的工具会被拒绝，即使工具列表里有它们。"
	}
	return "\n\n## Your tools\n\nYou can read files with Read, Grep and Glob, and run any command with Bash: every Bash command runs " +
		"behind ccc-hooks' copy-on-write wall (throwaway layers over the project and your home directory, no network, its " +
		"disk, memory, processes and time bounded), so you may build, run the tests and write files, and nothing a command " +
		"does lasts. Each command starts from the real tree as it is now: a file one command wrote is gone in the next, so " +
		"run what depends on it in the same command (joined with &&). The tools that edit files (Edit, Write, NotebookEdit) " +
		"are refused, even though the tool list shows them."
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
