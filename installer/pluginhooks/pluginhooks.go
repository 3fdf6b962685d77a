// Package pluginhooks writes the plugins' hooks/hooks.json files the repository ships: package
// plugins embeds them, and its test holds each to what Of writes (`go test ./plugins -run
// TestHooksFileIsWritten -update` writes them). Only tests import it: the binary never writes a
// plugin's hooks.
package pluginhooks

import (
	"bytes"
	"encoding/json"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/release"
)

// Of returns the hooks/hooks.json of the plugin named like p, as the repository ships it: for each of the
// profile's events one handler that runs `ccc-hooks hook` found on PATH, with the install's
// default timeout and the statusMessage a settings install of the profile alone writes, so that a
// plugin and a settings install fire on the same events and Claude Code's spinner says the same
// while they run.
//
// The command is in shell form, behind the guard of hookcmd.Guarded: where ccc-hooks is not on
// PATH it prints one line saying so and how to install the binary alone, where Claude Code would
// otherwise show a failed hook at every event (docs/plugin.md). The exec form has no such test of
// the program: Claude Code then reports the failed start in its own words (docs/claude-code.md,
// "Exec-form hooks").
func Of(p installer.Profile) []byte {
	say := "ccc-hooks " + p.Name + ": the ccc-hooks program is not on PATH, so " + p.Unchecked +
		". Install the binary alone with `" + release.InstallLine + " -- --no-setup`, then restart Claude Code."
	handler := hookcmd.Hook{Command: hookcmd.Guarded("ccc-hooks", say)}
	hooks := make(eventGroups, len(p.Events))
	for i, e := range p.Events {
		hooks[i] = eventGroup{event: e.Hook, group: pluginGroup{
			Matcher: e.Matcher,
			Hooks:   []hookcmd.Handler{handler.Of(installer.DefaultTimeout, installer.StatusMessage(e, p.Name == installer.Supervisor.Name))},
		}}
	}
	file := struct {
		Description string      `json:"description"`
		Hooks       eventGroups `json:"hooks"`
	}{"ccc-hooks " + p.Name + " — " + p.Description + ". Runs the ccc-hooks binary found on PATH.", hooks}
	data, _ := marshal(file, "  ") // strings and numbers: cannot fail
	return data
}

// marshal writes v as JSON, indented by indent unless it is "", and with no character escaped
// for HTML: the shell's `>` and `&` read as they are.
func marshal(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	err := enc.Encode(v)
	return b.Bytes(), err
}

// pluginGroup is one matcher group of a plugin's hooks.json.
type pluginGroup struct {
	Matcher string            `json:"matcher,omitempty"`
	Hooks   []hookcmd.Handler `json:"hooks"`
}

// eventGroup is the group of one event.
type eventGroup struct {
	event string
	group pluginGroup
}

// eventGroups is the "hooks" object of a hooks.json, its events in the profile's order (a Go
// map would be sorted by name).
type eventGroups []eventGroup

func (g eventGroups) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, e := range g {
		if i > 0 {
			b = append(b, ',')
		}
		key, _ := json.Marshal(e.event)
		group, err := marshal([]pluginGroup{e.group}, "")
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, key...), ':'), bytes.TrimSuffix(group, []byte("\n"))...)
	}
	return append(b, '}'), nil
}
