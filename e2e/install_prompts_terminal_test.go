//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// supervisorDefault reads supervisor.enabled from ccc.json (nil when absent).
func (it *installTerminal) supervisorDefault(t *testing.T) *bool {
	t.Helper()
	var cfg struct {
		Supervisor struct {
			Enabled *bool `json:"enabled"`
		} `json:"supervisor"`
	}
	raw := it.ReadFile(t, it.configPath())
	if raw == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		t.Fatalf("ccc.json: %v\n%s", err, raw)
	}
	return cfg.Supervisor.Enabled
}

// userHooks reads the hooks of the user settings file.
func (it *installTerminal) userHooks(t *testing.T) map[string][]matcherGroup {
	t.Helper()
	var got struct {
		Hooks map[string][]matcherGroup `json:"hooks"`
	}
	raw := it.ReadFile(t, it.SettingsPath())
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatalf("settings %s: %v\n%s", it.SettingsPath(), err, raw)
	}
	return got.Hooks
}

// TestInstallTerminalReasksBadTimeout types bad timeouts: each is refused with its reason where
// it was typed and the question comes again; the good one typed last is installed.
func TestInstallTerminalReasksBadTimeout(t *testing.T) {
	t.Parallel()
	it := startInstall(t)
	a := answers{slash: false, supervisor: false, write: true}
	it.answer(t, 0, a) // scope
	it.answer(t, 1, a) // events
	for _, bad := range []struct{ typed, reason string }{
		{"abc", `Sorry, your reply was invalid: "abc" is not a whole number of seconds`},
		{"600000", "Sorry, your reply was invalid: 600000: want seconds between 1 and 86400"},
		{"1.5", `Sorry, your reply was invalid: "1.5" is not a whole number of seconds`},
	} {
		it.WaitScreen(t, promptTimeout, installPrompts[2].shown(it))
		it.Keys(t, "-l", bad.typed)
		it.Keys(t, "Enter")
		it.WaitScreen(t, promptTimeout, bad.reason)
	}
	it.answer(t, 2, a) // 120
	for i := 3; i < len(installPrompts); i++ {
		it.answer(t, i, a)
	}
	_, status := it.finish(t)
	if status != "0" {
		t.Fatalf("exit status %s, want 0", status)
	}
	hooks := it.userHooks(t)
	if len(hooks) != 2 {
		t.Errorf("events written: %v, want Stop and PreToolUse", hooks)
	}
	for event, groups := range hooks {
		if len(groups) != 1 || groups[0].Hooks[0].Timeout != 120 {
			t.Errorf("%s: %+v, want one entry with timeout 120", event, groups)
		}
	}
}

// TestInstallTerminalOffersWhatIsInstalled starts from an install of Stop only with timeout 300,
// no slash commands, and the supervisor on by default: each question offers exactly that (the
// slash commands "y/N"), and answering "No" to the default question turns the default off.
func TestInstallTerminalOffersWhatIsInstalled(t *testing.T) {
	t.Parallel()
	it := startInstall(t, func(s *Sandbox, p Product) {
		s.MustCCC(t, p, "install", "--yes", "--events", "stop", "--timeout", "300")
		s.MustCCC(t, p, "supervisor", "on", "--default")
	})
	it.answer(t, 0, answers{}) // scope: user
	screen := it.WaitScreen(t, promptTimeout, "? Which events?")
	lines := strings.Split(screen, "\n")
	if !containsLinePrefix(lines, "> [x]  stop ") || !containsLinePrefix(lines, "  [ ]  ask-user-question ") {
		t.Errorf("events offered are not the installed ones (stop only):\n%s", screen)
	}
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Hook timeout in seconds: (300)")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Hook timeout in seconds: 300")
	it.WaitScreen(t, promptTimeout, "? Also add the /supervisor and /supervisor-off slash commands? (y/N)")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "slash commands? No")
	it.WaitScreen(t, promptTimeout, "? Turn the supervisor on by default for every session? (Y/n)")
	it.Keys(t, "n", "Enter")
	it.WaitScreen(t, promptTimeout, "? Run checks before each review of a stop? (y/N)")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Write these changes to "+it.configPath()+"?")
	it.Keys(t, "y", "Enter")
	screen, status := it.finish(t)
	if status != "0" {
		t.Fatalf("exit status %s, want 0", status)
	}
	if on := it.supervisorDefault(t); on == nil || *on {
		t.Errorf("supervisor default after answering No = %v, want false", on)
	}
	if !strings.Contains(screen, "The supervisor is off by default: it reviews no session until you turn it on.") {
		t.Error("install does not say that the supervisor is now off by default")
	}
	hooks := it.userHooks(t)
	if len(hooks) != 1 || len(hooks["Stop"]) != 1 || hooks["Stop"][0].Hooks[0].Timeout != 300 {
		t.Errorf("settings hooks = %+v, want Stop only with timeout 300, as installed", hooks)
	}
}

// TestInstallEscCancels presses Esc at each question in turn: like Ctrl-C, install says it was
// cancelled, exits 1 and writes nothing.
func TestInstallEscCancels(t *testing.T) {
	t.Parallel()
	cancelAtEachPrompt(t, "Escape")
}

// TestInstallTypeAhead types every answer at once as soon as the first question shows: keys
// typed ahead of a question are kept for it.
func TestInstallTypeAhead(t *testing.T) {
	t.Parallel()
	it := startInstall(t)
	it.WaitScreen(t, promptTimeout, installPrompts[0].shown(it))
	// scope: user; events: both; timeout 120; no slash commands; supervisor default off; no
	// checks; write.
	it.Keys(t, "Enter", "Enter", "1", "2", "0", "Enter", "n", "Enter", "n", "Enter", "n", "Enter", "y", "Enter")
	_, status := it.finish(t)
	if status != "0" {
		t.Fatalf("exit status %s, want 0", status)
	}
	hooks := it.userHooks(t)
	if len(hooks) != 2 || hooks["Stop"][0].Hooks[0].Timeout != 120 || hooks["PreToolUse"][0].Hooks[0].Timeout != 120 {
		t.Errorf("settings hooks = %+v, want Stop and PreToolUse with timeout 120", hooks)
	}
}

// containsLinePrefix reports whether one of lines starts with prefix.
func containsLinePrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestInstallTerminalArrowKeys moves with the arrow keys and ticks with space: escape sequences
// reach the questions whole (Esc alone cancels, an arrow key does not).
func TestInstallTerminalArrowKeys(t *testing.T) {
	t.Parallel()
	it := startInstall(t)
	it.WaitScreen(t, promptTimeout, installPrompts[0].shown(it))
	it.Keys(t, "Down", "Down", "Up", "Enter") // user, project, local, project
	it.WaitScreen(t, promptTimeout, "? Which settings file? project")
	it.WaitScreen(t, promptTimeout, "? Which events?")
	it.Keys(t, "Down", "Space", "Enter") // untick ask-user-question
	it.WaitScreen(t, promptTimeout, "? Which events? stop (Stop)\n")
	it.Keys(t, "Enter") // timeout 600
	it.answer(t, 3, answers{slash: false})
	it.answer(t, 4, answers{supervisor: false})
	it.answer(t, 5, answers{})
	it.WaitScreen(t, promptTimeout, "? Write these changes to ")
	it.Keys(t, "y", "Enter")
	_, status := it.finish(t)
	if status != "0" {
		t.Fatalf("exit status %s, want 0", status)
	}
	settings := it.ReadFile(t, filepath.Join(it.Project, ".claude", "settings.json"))
	if !strings.Contains(settings, `"Stop"`) || strings.Contains(settings, "AskUserQuestion") ||
		!strings.Contains(settings, `"command": "ccc-hooks hook"`) {
		t.Errorf("project settings = %s, want Stop only, running ccc-hooks from PATH", settings)
	}
}

// TestInstallTerminalAsksForChecks types two checks at the install's question, and ends the list
// with an empty answer: ccc.json holds them, in order, the first the supervisor's evidence
// before each Stop review.
func TestInstallTerminalAsksForChecks(t *testing.T) {
	t.Parallel()
	it := startInstall(t)
	a := answers{slash: false, supervisor: false, write: true}
	for i := range 5 {
		it.answer(t, i, a)
	}
	it.WaitScreen(t, promptTimeout, installPrompts[5].shown(it))
	it.Keys(t, "y", "Enter")
	it.WaitScreen(t, promptTimeout, "? Check 1, a shell command (empty to end the list)")
	it.Keys(t, "-l", "go test ./...")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Check 2, a shell command (empty to end the list)")
	it.Keys(t, "-l", "make lint")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Check 3, a shell command (empty to end the list)")
	it.Keys(t, "Enter")
	it.WaitScreen(t, promptTimeout, "? Write these changes to 2 files?")
	it.Keys(t, "y", "Enter")
	screen, status := it.finish(t)
	if status != "0" {
		t.Fatalf("exit status %s, want 0\n%s", status, screen)
	}
	cfg := it.ReadFile(t, it.configPath())
	if !strings.Contains(cfg, `"checks": ["go test ./...","make lint"]`) {
		t.Errorf("ccc.json = %s, want the two checks typed", cfg)
	}
	if !strings.Contains(screen, it.configPath()+": adds the checks `go test ./...` and `make lint`.") ||
		!strings.Contains(oneLine(screen), "in every project you open in Claude Code") {
		t.Errorf("install does not say what it wrote of the checks:\n%s", screen)
	}
}
