package workflow

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// PluginKey is how a settings file enables the workflow plugin of this repository's marketplace
// (enabledPlugins).
const PluginKey = "workflow@ccc-hooks"

// The workflow judges a session's Stop only where it is installed for that session: a Stop also
// reaches ccc-hooks through the supervisor's entry, and a workflow that is gone — uninstalled
// mid-task, its prompt hook and /mc-confirm with it — must not keep blocking a session that has
// no way left to confirm (docs/workflow.md, "Where the workflow is installed"). Claude Code runs
// the hooks the settings files hold now (it reads them again when they change, also mid-session)
// and tells a hook nothing about the entry that ran it beyond its command line
// (docs/claude-code.md, "What a hook knows of its entry"). So the workflow counts as installed
// for a Stop when its own prompt hook ran for that very turn (the state's prompt_id), or when a
// settings file Claude Code reads for the session runs it: a UserPromptSubmit entry that runs
// ccc-hooks (the event only the workflow installs), or the workflow plugin enabled. The first
// covers files the hook cannot see (a provider's --settings file, --plugin-dir); the second the
// turns Claude Code starts without a prompt hook (a bash-mode ! line).

// installedHere reports whether the workflow is installed for the event's session (see above);
// st is the session's state.
func (h *handler) installedHere(st *blockState) bool {
	if h.ev.PromptID != "" && st.PromptID == h.ev.PromptID {
		return true
	}
	place := paths.Place{Dir: h.start, Getenv: h.opts.Getenv}
	files := []string{place.UserFile(), paths.ManagedFile()}
	if h.start != "" {
		files = append(files, place.ProjectFile())
		files = append(files, place.LocalFiles()...)
	}
	return slices.ContainsFunc(files, installedIn)
}

// installedIn reports whether the settings file at path runs the workflow: a UserPromptSubmit
// entry that runs ccc-hooks, or the workflow plugin enabled. A missing, unreadable or invalid
// file does not.
func installedIn(path string) bool {
	data, err := settings.ReadFile(path)
	if err != nil {
		return false
	}
	return runsWorkflowIn(data) || gjson.GetBytes(data, "enabledPlugins."+gjson.Escape(PluginKey)).Bool()
}

// RanForTurn reports whether the workflow's own prompt hook ran for the turn ev (a Stop) closes:
// the workflow is installed for the session, and its Stop handler serves the workflow. The
// router asks, so that the Stop of a workflow install the supervisor does not review prints
// nothing.
func RanForTurn(home string, ev *event.Event) bool {
	if ev.PromptID == "" || !event.ValidSessionID(ev.SessionID) {
		return false
	}
	h := &handler{ev: ev, opts: Options{Home: home}, log: newLogger(io.Discard)}
	return h.loadState().PromptID == ev.PromptID
}

// tell returns msg for the user the first time key comes up in this session (recording it in
// st), and "" after.
func tell(st *blockState, key, msg string) string {
	if slices.Contains(st.Told, key) {
		return ""
	}
	st.Told = append(st.Told, key)
	return msg
}

// unenforced is the line that tells the user a task is no longer enforced here.
func unenforced(t *Task) string {
	return fmt.Sprintf("ccc-hooks workflow: task %s (%s) is no longer enforced: the workflow is not installed where this "+
		"session runs (no settings file Claude Code reads here runs its hooks). `ccc-hooks task list` lists it; "+
		"`ccc-hooks task confirm %s` closes it, or install the workflow again to go on with it.", t.TaskID, bounded(t.TaskDescription), t.TaskID)
}

// unreadable is the line that tells the user a task file cannot be read.
func unreadable(p Problem) string {
	return fmt.Sprintf("ccc-hooks workflow: task %s is not enforced: %v. Fix or restore that file, or remove the folder %s.",
		p.ID, p.Err, filepath.Dir(p.Path))
}
