package installer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// Event is one hook event a profile can install, under its user-facing name.
type Event struct {
	Name    string // name used by --events, e.g. "stop"
	Hook    string // Claude Code event, e.g. "Stop"
	Matcher string // "" for events without a matcher
}

// group names the matcher groups of the event in a settings file: those of its matcher, or every
// group of an event without one.
func (e Event) group() settings.Group { return settings.Group{Event: e.Hook, Matcher: e.Matcher} }

// Label is how the event reads in messages: Stop, PreToolUse[AskUserQuestion].
func (e Event) Label() string {
	if e.Matcher == "" {
		return e.Hook
	}
	return e.Hook + "[" + e.Matcher + "]"
}

// Profile is a named set of events served by `ccc-hooks hook`.
type Profile struct {
	Name        string
	Description string
	// Status is the statusMessage of the profile's handlers: what Claude Code shows in its
	// spinner while the hook runs (see StatusMessage for the Stop handler both profiles share).
	Status string
	// Unchecked says what goes undone where the profile's plugin finds no ccc-hooks on PATH, in
	// the line its hooks print then (pluginhooks.Of).
	Unchecked string
	Events    []Event
}

// Supervisor reviews the work when the agent stops or asks the user a question.
var Supervisor = Profile{
	Name:        "supervisor",
	Description: "a forked Claude session reviews the work before the agent stops or asks you a question",
	Status:      "ccc-hooks supervisor reviewing",
	Unchecked:   "nothing was reviewed",
	Events: []Event{
		{Name: "stop", Hook: "Stop"},
		{Name: "ask-user-question", Hook: "PreToolUse", Matcher: "AskUserQuestion"},
	},
}

// Workflow enforces the /mc task lifecycle.
var Workflow = Profile{
	Name:        "workflow",
	Description: "/mc tasks: the session may not end until you confirm the fix; reviews must score 8/10",
	Status:      "ccc-hooks workflow checking the task",
	Unchecked:   "no task was checked",
	Events: []Event{
		{Name: "user-prompt-submit", Hook: "UserPromptSubmit"},
		{Name: "stop", Hook: "Stop"},
		{Name: "subagent-stop", Hook: "SubagentStop"},
		// The guard of the task files: the agent's own tools that write a file may not close its
		// task (the runtime's workflow.Guard judges the tools of workflow.GuardMatcher, this).
		{Name: "task-guard", Hook: "PreToolUse", Matcher: "Edit|Write|MultiEdit"},
	},
}

// DefaultTimeout is the timeout, in seconds, of the handlers an install writes when none is asked
// for, and of the plugins' handlers (pluginhooks.Of).
const DefaultTimeout = 600

// Profiles lists every profile; the first is the default.
func Profiles() []Profile { return []Profile{Supervisor, Workflow} }

// ProfileByName returns the profile called name.
func ProfileByName(name string) (Profile, error) {
	var names []string
	for _, p := range Profiles() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Profile{}, fmt.Errorf("unknown profile %q (want %s)", name, strings.Join(names, " or "))
}

// EventNames returns the --events names of the profile.
func (p Profile) EventNames() []string {
	names := make([]string, len(p.Events))
	for i, e := range p.Events {
		names[i] = e.Name
	}
	return names
}

// SelectEvents returns the profile's events named in list (comma-separated, "all" or "" for all).
func (p Profile) SelectEvents(list string) ([]Event, error) {
	if strings.TrimSpace(list) == "" || strings.TrimSpace(list) == "all" {
		return p.Events, nil
	}
	var out []Event
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		i := slices.IndexFunc(p.Events, func(e Event) bool {
			return e.Name == name || strings.EqualFold(e.Hook, name)
		})
		if i < 0 {
			return nil, fmt.Errorf("unknown event %q for profile %s (want %s)",
				name, p.Name, strings.Join(p.EventNames(), ", "))
		}
		if !slices.Contains(out, p.Events[i]) {
			out = append(out, p.Events[i])
		}
	}
	return out, nil
}

// exclusive returns the events of p that no other profile installs.
func (p Profile) exclusive() []Event {
	var out []Event
	for _, e := range p.Events {
		shared := false
		for _, other := range Profiles() {
			if other.Name != p.Name && slices.Contains(other.Events, e) {
				shared = true
			}
		}
		if !shared {
			out = append(out, e)
		}
	}
	return out
}

// StatusMessage returns the statusMessage of our handler for the event e (its Claude Code event
// and matcher) in a file where the supervisor is installed (supervisor) or not. An event one
// profile installs carries that profile's text. Stop, which both install, has one handler of ours
// per file (the runtime asks the workflow, then the supervisor): it carries the supervisor's text
// wherever the supervisor is installed in that file, else the workflow's.
func StatusMessage(e Event, supervisor bool) string {
	uses := func(p Profile) bool {
		return slices.ContainsFunc(p.Events, func(pe Event) bool { return pe.Hook == e.Hook && pe.Matcher == e.Matcher })
	}
	if uses(Supervisor) && (supervisor || !uses(Workflow)) {
		return Supervisor.Status
	}
	return Workflow.Status
}
