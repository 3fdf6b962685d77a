package installer

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
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
			if got := changeLine(fileChange{}, tt.ch); got != tt.want {
				t.Errorf("changeLine:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestConfigChangeWords: the summary says what an install does to ccc.json in words, each change
// once (not as lines added and removed); once written, the file's line names the checks alone
// (whether the supervisor is on is the next steps' to say).
func TestConfigChangeWords(t *testing.T) {
	on, off := true, false
	tests := []struct {
		name       string
		old        string
		on         *bool
		checks     []config.Check
		setChecks  bool
		summary    string
		afterwards string
	}{
		{
			"a new file, on and one check", "", &on,
			[]config.Check{{Command: "make test", TimeoutSeconds: 300}},
			true,
			"/u/ccc.json (new): turns the supervisor on for every session; adds the check `make test`",
			"/u/ccc.json: adds the check `make test`.",
		},
		{
			"off", `{"supervisor": {"enabled": true, "checks": ["go vet ./..."]}}`, &off, nil, false,
			"/u/ccc.json: turns the supervisor off for every session without a switch of its own",
			"",
		},
		{
			"checks replaced, for one project", `{"supervisor": {"checks": ["go vet ./...", "go test ./..."]}}`, nil,
			[]config.Check{{Command: "go test ./...", TimeoutSeconds: 300}, {Command: "make lint", TimeoutSeconds: 300, Project: "/w"}, {Command: "npm test", TimeoutSeconds: 300, Project: "/w"}},
			true,
			"/u/ccc.json: adds the checks `make lint` (in /w) and `npm test` (in /w); removes the check `go vet ./...`",
			"/u/ccc.json: adds the checks `make lint` (in /w) and `npm test` (in /w); removes the check `go vet ./...`.",
		},
	}
	// /u and /w are absolute where the system says so: C:\u and C:\w on Windows.
	u, w := "/u", "/w"
	if runtime.GOOS == "windows" {
		u, w = `C:\u`, `C:\w`
	}
	local := strings.NewReplacer("/u/ccc.json", filepath.Join(u, "ccc.json"), "(in /w)", "(in "+w+")")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := Locator{Getenv: func(k string) string {
				if k == "CLAUDE_CONFIG_DIR" {
					return u
				}
				return ""
			}}
			tt.summary, tt.afterwards = local.Replace(tt.summary), local.Replace(tt.afterwards)
			var checks *[]config.Check
			if tt.setChecks {
				list := slices.Clone(tt.checks)
				for i := range list {
					if list[i].Project == "/w" {
						list[i].Project = w
					}
				}
				checks = &list
			}
			fc := configChange(loc, tt.on, checks)
			newBytes, _, err := fc.change([]byte(tt.old), tt.old != "")
			if err != nil {
				t.Fatal(err)
			}
			ch := settings.Change{Path: fc.path, Existed: tt.old != "", Old: []byte(tt.old), New: newBytes, Changed: true}
			if got := changeLine(fc, ch); got != tt.summary {
				t.Errorf("summary line:\n got %s\nwant %s", got, tt.summary)
			}
			if got := fc.done(ch); got != tt.afterwards {
				t.Errorf("after writing:\n got %q\nwant %q", got, tt.afterwards)
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
