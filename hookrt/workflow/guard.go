package workflow

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Only the user closes a task. The agent's own tools that write a file's content — Edit, Write
// and MultiEdit (docs/claude-code.md, "Tools that write a file") — are refused
// a task's .task-meta.json, and an edit of a task's context.md that would make its feedback
// section confirm the fix. The workflow's PreToolUse entry (matcher GuardMatcher) sends them here.

// GuardMatcher is the matcher of the workflow's PreToolUse entry: the tools Guard judges.
const GuardMatcher = "Edit|Write|MultiEdit"

// Guards reports whether tool is one Guard judges.
func Guards(tool string) bool {
	return tool == "Edit" || tool == "Write" || tool == "MultiEdit"
}

// fileEdit is the input of Edit, Write and MultiEdit, as far as the guard reads it.
type fileEdit struct {
	FilePath   string `json:"file_path"`
	Content    string `json:"content"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
	Edits      []struct {
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all"`
	} `json:"edits"`
}

// Guard answers the PreToolUse of a tool that writes a file: a deny for a write the agent may
// not make (see above), else nothing (Claude Code's own permission rules apply). It reads no
// state and takes no lock: two copies of the event answer alike.
func Guard(ev *event.Event) *event.Output {
	if !Guards(ev.ToolName) {
		return nil
	}
	var in fileEdit
	if json.Unmarshal(ev.ToolInput, &in) != nil || in.FilePath == "" {
		return nil
	}
	switch filepath.Base(in.FilePath) {
	case MetaFile:
		return event.Permission("deny", fmt.Sprintf("ccc-hooks workflow: %s is the workflow's record of the task, "+
			"and only the user closes a task. Do not write it; ask the user to confirm the fix instead: %s", in.FilePath, howToClose))
	case ContextFile:
		if !inTaskDir(in.FilePath) {
			return nil
		}
		old, err := safefile.ReadRegular(in.FilePath, maxContext)
		if err != nil && ev.ToolName != "Write" {
			return nil // the edit cannot apply; Claude Code says so
		}
		if after := in.apply(ev.ToolName, string(old)); feedbackConfirms(after) && !feedbackConfirms(string(old)) {
			return event.Permission("deny", fmt.Sprintf("ccc-hooks workflow: the %s %s section of %s is where the user "+
				"confirms the fix, and only the user writes a confirmation there. Leave it out of your edit; "+
				"ask the user to confirm instead: %s", feedbackMark, FeedbackHeading, in.FilePath, howToClose))
		}
	}
	return nil
}

// howToClose is what the user does to close a task.
const howToClose = "they reply \"已修复\" / \"fixed\", type " + ConfirmCommand + ", write \"用户确认: 是\" under the " +
	feedbackMark + " " + FeedbackHeading + " heading of the task's context.md themselves, or run `ccc-hooks task confirm <task id>`."

// inTaskDir reports whether path is a file of a task folder: tasks/<task id>/<file>.
func inTaskDir(path string) bool {
	dir := filepath.Dir(path)
	return ValidID(filepath.Base(dir)) && filepath.Base(filepath.Dir(dir)) == "tasks"
}

// apply returns old with the edit made, as the tool makes it: Write replaces the whole file,
// Edit and MultiEdit replace old_string with new_string (every occurrence with replace_all).
func (in fileEdit) apply(tool, old string) string {
	replace := func(s, from, to string, all bool) string {
		if all {
			return strings.ReplaceAll(s, from, to)
		}
		return strings.Replace(s, from, to, 1)
	}
	switch tool {
	case "Write":
		return in.Content
	case "Edit":
		return replace(old, in.OldString, in.NewString, in.ReplaceAll)
	}
	for _, e := range in.Edits {
		old = replace(old, e.OldString, e.NewString, e.ReplaceAll)
	}
	return old
}
