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
	desc := unquoted(strings.TrimSpace(rest))
	return desc, desc != ""
}

// quotePairs are the quotes a description may be wrapped in: `/mc "修复商店购买BUG"` means the
// words inside.
var quotePairs = [][2]string{{`"`, `"`}, {"'", "'"}, {"“", "”"}, {"‘", "’"}, {"「", "」"}, {"『", "』"}, {"＂", "＂"}}

// unquoted returns s without the pair of quotes around the whole of it, when the words inside
// hold neither quote of that pair (`"a" and "b"` is kept as written).
func unquoted(s string) string {
	for _, q := range quotePairs {
		inner, ok := strings.CutPrefix(s, q[0])
		if !ok {
			continue
		}
		if inner, ok = strings.CutSuffix(inner, q[1]); !ok || strings.Contains(inner, q[0]) || strings.Contains(inner, q[1]) {
			continue
		}
		return strings.TrimSpace(inner)
	}
	return s
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

// prompt handles UserPromptSubmit: open a task, or take the user's confirmation. Any prompt
// records that the workflow's prompt hook ran for the turn and ends the session's run of blocks
// (a turn begins). A prompt Claude Code submits by itself (a background task's notification, a
// fired wake-up: package transcript) is not the user's: it opens nothing and confirms nothing,
// though a subagent's report or a wake-up the agent scheduled may well say "fixed". The
// transcript is read for that only when the prompt would open or confirm.
func (h *handler) prompt() (*event.Output, error) {
	if err := h.notePrompt(); err != nil {
		return nil, err
	}
	desc, opens := taskDescription(h.ev.Prompt)
	p := strings.TrimSpace(withoutNamespace(h.ev.Prompt))
	command := !opens && isConfirmCommand(p)
	confirms := command || (!opens && !strings.HasPrefix(p, OpenCommand) && Confirms(p))
	switch {
	case !opens && !confirms, transcript.ByClaude(h.ev.TranscriptPath, h.ev.Prompt):
		return nil, nil
	case opens:
		return h.openTask(desc)
	}
	return h.confirm(command)
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

// confirm records the user's confirmation on the session's task (sessionTask); the next Stop
// completes it. A confirmation never vanishes: where it confirms nothing, the user and the model
// are told why, and which task is open. That is said for /mc-confirm always, and for a
// confirming phrase when another session holds an open task (a phrase said in passing, with no
// task anywhere, is not answered).
func (h *handler) confirm(command bool) (*event.Output, error) {
	var (
		t    *Task
		open []*Task
	)
	err := h.withLock(func() error {
		if !exists(h.store.Dir()) {
			return nil
		}
		tasks, err := h.store.List()
		if err != nil {
			return err
		}
		var adopted bool
		if t, adopted = h.sessionTask(tasks, h.loadState()); t == nil {
			open = h.openOf(tasks)
			return nil
		}
		if t.UserConfirmedFixed && !adopted {
			return nil
		}
		t.UserConfirmedFixed = true
		return h.store.Save(t)
	})
	switch {
	case err != nil:
		return nil, err
	case t != nil:
		return event.Context(event.UserPromptSubmit, confirmedText(t)), nil
	case command || len(open) > 0:
		why := nothingConfirmed(h.ev.SessionID, h.store.Dir(), open)
		out := event.Context(event.UserPromptSubmit, "[workflow] "+why+" Tell the user so in one sentence; nothing was confirmed.")
		out.SystemMessage = "ccc-hooks workflow: " + why
		return out, nil
	}
	return nil, nil
}
