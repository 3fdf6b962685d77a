package workflow

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/transcript"
)

// OpenCommand opens a task: "/mc <description>".
const OpenCommand = "/mc"

// pluginNamespace is how Claude Code names the commands of the workflow plugin in full
// ("/workflow:mc"); a prompt using the full name counts like the short one.
const pluginNamespace = "workflow:"

// withoutNamespace turns a leading "/workflow:" of a prompt into "/".
func withoutNamespace(prompt string) string {
	p := strings.TrimLeftFunc(prompt, unicode.IsSpace)
	if rest, ok := strings.CutPrefix(p, "/"+pluginNamespace); ok {
		return "/" + rest
	}
	return p
}

// taskDescription returns the description of a "/mc <description>" prompt. "/mc-…" commands and
// "/mc" without a description open nothing.
func taskDescription(prompt string) (string, bool) {
	p := withoutNamespace(prompt)
	rest, ok := strings.CutPrefix(p, OpenCommand)
	if !ok {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if !unicode.IsSpace(r) {
		return "", false
	}
	desc := strings.TrimSpace(rest)
	return desc, desc != ""
}

// isConfirmCommand reports whether the prompt is "/mc-confirm" (with or without arguments).
func isConfirmCommand(prompt string) bool {
	p := strings.TrimSpace(withoutNamespace(prompt))
	rest, ok := strings.CutPrefix(p, ConfirmCommand)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || unicode.IsSpace(r)
}

// prompt handles UserPromptSubmit: open a task, or take the user's confirmation. Any prompt ends
// the session's run of blocks (a turn begins). A prompt Claude Code submits by itself (a
// background task's notification, a fired wake-up: package transcript) is not the user's: it
// opens nothing and confirms nothing, though a subagent's report or a wake-up the agent scheduled
// may well say "fixed". The transcript is read for that only when the prompt would open or
// confirm.
func (h *handler) prompt() (*event.Output, error) {
	if err := h.resetBlocks(); err != nil {
		return nil, err
	}
	desc, opens := taskDescription(h.ev.Prompt)
	p := strings.TrimSpace(withoutNamespace(h.ev.Prompt))
	confirms := !opens && (isConfirmCommand(p) || (!strings.HasPrefix(p, OpenCommand) && Confirms(p)))
	switch {
	case !opens && !confirms, transcript.ByClaude(h.ev.TranscriptPath, h.ev.Prompt):
		return nil, nil
	case opens:
		return h.openTask(desc)
	}
	return h.confirm()
}

func (h *handler) openTask(desc string) (*event.Output, error) {
	var t *Task
	err := h.withLock(func() error {
		var err error
		t, err = h.store.Create(desc, h.ev.SessionID, h.opts.Now())
		return err
	})
	if err != nil {
		return nil, err
	}
	return event.Context(event.UserPromptSubmit, reminder(t)), nil
}

// confirm records the user's confirmation on the session's newest in_progress task; the next
// Stop completes it.
func (h *handler) confirm() (*event.Output, error) {
	var t *Task
	err := h.withLock(func() error {
		var err error
		if t, err = h.store.Newest(h.ev.SessionID); err != nil || t == nil {
			return err
		}
		if t.UserConfirmedFixed {
			return nil
		}
		t.UserConfirmedFixed = true
		return h.store.Save(t)
	})
	if err != nil || t == nil {
		return nil, err
	}
	return event.Context(event.UserPromptSubmit, confirmedText(t)), nil
}
