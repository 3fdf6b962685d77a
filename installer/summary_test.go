package installer

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestChangeLine: the summary line of one file says which entries of ours come and go (by event,
// command and timeout), and for any other file how many lines change, counted as a diff counts
// them.
func TestChangeLine(t *testing.T) {
	const stop = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/bin/ccc-hooks hook", "timeout": 600}]}]}}`
	const both = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/bin/ccc-hooks hook", "timeout": 600}]}],
  "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "/bin/ccc-hooks hook", "timeout": 600}]}]}}`
	const longer = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/bin/ccc-hooks hook", "timeout": 900}]}]}}`
	const foreign = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}`
	tests := []struct {
		name string
		ch   settings.Change
		want string
	}{
		{
			"new file",
			settings.Change{Path: "/u/settings.json", New: []byte(both)},
			"/u/settings.json (new): adds Stop, PreToolUse[AskUserQuestion] running `/bin/ccc-hooks hook` (timeout 600 s)",
		},
		{
			"one more event",
			settings.Change{Path: "/u/settings.json", Existed: true, Old: []byte(stop), New: []byte(both)},
			"/u/settings.json: adds PreToolUse[AskUserQuestion] running `/bin/ccc-hooks hook` (timeout 600 s)",
		},
		{
			"timeout changed",
			settings.Change{Path: "/u/settings.json", Existed: true, Old: []byte(stop), New: []byte(longer)},
			"/u/settings.json: adds Stop running `/bin/ccc-hooks hook` (timeout 900 s); removes Stop running `/bin/ccc-hooks hook` (timeout 600 s)",
		},
		{
			"removed file",
			settings.Change{Path: "/u/settings.json", Existed: true, Removed: true, Old: []byte(both)},
			"/u/settings.json (removed): removes Stop, PreToolUse[AskUserQuestion] running `/bin/ccc-hooks hook` (timeout 600 s)",
		},
		{
			"foreign entries only",
			settings.Change{Path: "/u/settings.json", Existed: true, Old: []byte(foreign), New: []byte(foreign + "\n")},
			"/u/settings.json: 0 lines added, 0 removed",
		},
		{
			"not a settings file",
			settings.Change{
				Path: "/u/ccc.json", Existed: true,
				Old: []byte("{\n  \"supervisor\": {\n    \"enabled\": false\n  }\n}\n"),
				New: []byte("{\n  \"supervisor\": {\n    \"enabled\": true,\n    \"language\": \"en\"\n  }\n}\n"),
			},
			"/u/ccc.json: 2 lines added, 1 removed",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := changeLine(tt.ch); got != tt.want {
				t.Errorf("changeLine:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestLineCounts: lines in common, in order, count as neither added nor removed.
func TestLineCounts(t *testing.T) {
	tests := []struct {
		old, new       string
		added, removed int
	}{
		{"", "a\nb\n", 2, 0},
		{"a\nb\n", "", 0, 2},
		{"a\nb\nc\n", "a\nc\n", 0, 1},
		{"a\nb\nc\n", "a\nx\nb\ny\nc\n", 2, 0},
		{"a\nb\n", "b\na\n", 1, 1},
		{"a\nb", "a\nb\n", 0, 0},
	}
	for _, tt := range tests {
		added, removed := lineCounts([]byte(tt.old), []byte(tt.new))
		if added != tt.added || removed != tt.removed {
			t.Errorf("lineCounts(%q, %q) = %d, %d; want %d, %d", tt.old, tt.new, added, removed, tt.added, tt.removed)
		}
	}
}
