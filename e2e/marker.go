//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Marker is a foreign command hook that records every event it receives,
// with the value of CCC_SUPERVISOR_HOOK in its environment, and decides
// nothing. It proves that an event fired, whatever ccc-hooks did with it.
type Marker struct {
	Command string
	dir     string
}

// MarkerEvent is one recorded invocation of a Marker.
type MarkerEvent struct {
	SessionID     string `json:"session_id"`
	HookEventName string `json:"hook_event_name"`
	Cwd           string `json:"cwd"`
	// Prompt is what a UserPromptSubmit carries.
	Prompt string `json:"prompt"`
	// PromptID names the turn the event belongs to.
	PromptID string `json:"prompt_id"`
	// Source is what started a session, as SessionStart says: startup, resume, clear, compact
	// or fork.
	Source string `json:"source"`
	// BackgroundTasks lists the session's background work (subagents, shells, monitors).
	BackgroundTasks []BackgroundTask `json:"background_tasks"`
	// SupervisorHook is CCC_SUPERVISOR_HOOK as the hook process saw it.
	SupervisorHook string `json:"-"`
}

// BackgroundTask is an entry of a Stop payload's background_tasks.
type BackgroundTask struct {
	Type        string `json:"type"`
	Status      string `json:"status"`
	Description string `json:"description"`
}

// NewMarker writes the marker script into the sandbox.
func (s *Sandbox) NewMarker(t testing.TB) Marker {
	t.Helper()
	m := Marker{Command: filepath.Join(s.Root, "marker.sh"), dir: filepath.Join(s.Root, "marker")}
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s.WriteFile(t, m.Command, `#!/bin/sh
f=$(mktemp "`+m.dir+`/event.XXXXXX")
{ printf '%s\n' "${CCC_SUPERVISOR_HOOK:-}"; cat; } > "$f.tmp" && mv "$f.tmp" "$f"
`, 0o755)
	return m
}

// Settings is a settings.json document whose Stop event runs the marker.
func (m Marker) Settings() map[string]any { return m.SettingsFor("Stop") }

// SettingsFor is a settings.json document whose given events run the marker.
func (m Marker) SettingsFor(events ...string) map[string]any {
	hooks := map[string]any{}
	for _, e := range events {
		hooks[e] = []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": m.Command, "timeout": 30}}}}
	}
	return map[string]any{"hooks": hooks}
}

// Events reads every invocation recorded so far.
func (m Marker) Events(t testing.TB) []MarkerEvent {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(m.dir, "event.*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []MarkerEvent
	for _, f := range files {
		if strings.HasSuffix(f, ".tmp") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		guard, payload, _ := strings.Cut(string(data), "\n")
		var ev MarkerEvent
		if err := json.Unmarshal([]byte(payload), &ev); err != nil {
			if strings.TrimSpace(payload) == "" {
				continue // mktemp created the name, the content is still on its way
			}
			t.Fatalf("marker event %s: %v\n%s", f, err, data)
		}
		ev.SupervisorHook = guard
		out = append(out, ev)
	}
	return out
}
