package installer

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

func TestResolveProgram(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, mode os.FileMode) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exe := write("bin/ccc-hooks", 0o755)
	plain := write("bin/not-exec", 0o644)
	missing := filepath.Join(dir, "nonexistent", "ccc-hooks")
	notExec, notExecFound := plain+" is not executable", ""
	if runtime.GOOS == "windows" { // a file is a program by its extension there; no bit says otherwise
		notExec, notExecFound = "", plain
	}
	rel := write("project/tools/ccc-hooks", 0o755)
	lookPath := func(name string) (string, error) {
		if name == "ccc-hooks" {
			return exe, nil
		}
		return "", errors.New("not found")
	}
	tests := []struct {
		name, bin, want, problem string
	}{
		{"absolute, executable", exe, exe, ""},
		{"absolute, missing", missing, "", missing + " does not exist"},
		{"absolute, not executable", plain, notExecFound, notExec},
		{"a directory", dir, "", dir + " is a directory"},
		{"bare name on PATH", "ccc-hooks", exe, ""},
		{"bare name not on PATH", "ccc-hooks.exe", "", "ccc-hooks.exe is not on PATH"},
		{"relative to the project", "tools/ccc-hooks", rel, ""},
		{"no program", "", "", "the command names no program"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ResolveProgram(tt.bin, filepath.Join(dir, "project"), lookPath)
			problem := ""
			if err != nil {
				problem = err.Error()
			}
			if got != tt.want || problem != tt.problem {
				t.Errorf("ResolveProgram(%q) = %q, %q; want %q, %q", tt.bin, got, problem, tt.want, tt.problem)
			}
		})
	}
}

// TestStatus covers every scope in its order, a file Claude Code cannot use, a provider file,
// the managed file, the plugin rows and the supervisor default carried by every row.
func TestStatus(t *testing.T) {
	home := t.TempDir()
	project := filepath.Join(home, "work")
	cfg := filepath.Join(home, ".claude")
	gone := filepath.ToSlash(filepath.Join(home, "gone", "ccc-hooks")) // an absolute path, also on Windows
	goneCommand := gone + " hook"
	testfs.Write(t, filepath.Join(cfg, "settings.json"), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":`+jsonString(goneCommand)+`,"timeout":600}]}],
		"PreToolUse":[{"matcher":"AskUserQuestion","hooks":[{"type":"command","command":`+jsonString(goneCommand)+`,"timeout":600}]}]}}`, 0o644)
	testfs.Write(t, filepath.Join(project, ".claude", "settings.local.json"), `{"hooks": []}`, 0o644)
	testfs.Write(t, filepath.Join(cfg, "settings-glm.json"), `{"hooks":{"SubagentStop":[{"hooks":[{"type":"command","command":"ccc-hooks hook"}]}]}}`, 0o644)
	testfs.Write(t, filepath.Join(cfg, "ccc.json"), `{"supervisor":{"enabled":true}}`, 0o644)
	managed := filepath.Join(home, "managed-settings.json")
	loc := Locator{
		Getenv:      func(k string) string { return map[string]string{"HOME": home}[k] },
		ProjectDir:  project,
		ManagedPath: managed,
	}
	plugin := StatusRow{Scope: ScopePlugin, Path: "/plugins/supervisor", Exists: true, Profiles: []string{"supervisor"}}
	rows := Status(StatusOptions{
		Locator:  loc,
		LookPath: func(string) (string, error) { return "", errors.New("not found") },
		Plugins:  func() []StatusRow { return []StatusRow{plugin} },
	})
	six := 600.0
	stop := HookStatus{Event: "Stop", Command: goneCommand, Timeout: &six, Problem: gone + " does not exist"}
	ask := stop
	ask.Event = "PreToolUse[AskUserQuestion]"
	sub := HookStatus{Event: "SubagentStop", Command: "ccc-hooks hook", Problem: "ccc-hooks is not on PATH"}
	none := []string{}
	own := []OwnCommand{}
	want := []StatusRow{
		{
			Scope: "user", Path: filepath.Join(cfg, "settings.json"), Exists: true, Profiles: []string{"supervisor"},
			Events: []string{"Stop", "PreToolUse[AskUserQuestion]"}, Command: goneCommand, Timeout: &six,
			Hooks: []HookStatus{stop, ask}, OwnCommands: own, Enabled: true, SupervisorDefault: true,
		},
		{
			Scope: "project", Path: filepath.Join(project, ".claude", "settings.json"), Profiles: none, Events: none,
			Hooks: []HookStatus{}, OwnCommands: own, Enabled: true, SupervisorDefault: true,
		},
		{
			Scope: "local", Path: filepath.Join(project, ".claude", "settings.local.json"), Exists: true,
			Error: "hooks: expected an object, found an array", Profiles: none, Events: none,
			Hooks: []HookStatus{}, OwnCommands: own, Enabled: true, SupervisorDefault: true,
		},
		{
			Scope: "provider", Path: filepath.Join(cfg, "settings-glm.json"), Exists: true, Profiles: []string{"workflow"},
			Events: []string{"SubagentStop"}, Command: "ccc-hooks hook", Hooks: []HookStatus{sub}, OwnCommands: own, Enabled: true, SupervisorDefault: true,
		},
		{Scope: "managed", Path: managed, Profiles: none, Events: none, Hooks: []HookStatus{}, OwnCommands: own, Enabled: true, SupervisorDefault: true},
		{
			Scope: "plugin", Path: "/plugins/supervisor", Exists: true, Profiles: []string{"supervisor"}, Events: none,
			Hooks: []HookStatus{}, OwnCommands: own, SupervisorDefault: true,
		},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("Status (-want +got):\n%s", diff)
	}
}

// TestStatusProjectIsHome: with the home directory as project, the project file is the user
// file and is listed once.
func TestStatusProjectIsHome(t *testing.T) {
	home := t.TempDir()
	loc := Locator{
		Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, ProjectDir: home,
		ManagedPath: filepath.Join(home, "managed.json"),
	}
	var scopes []string
	for _, r := range Status(StatusOptions{Locator: loc, LookPath: func(string) (string, error) { return "", errors.New("no") }}) {
		scopes = append(scopes, r.Scope)
	}
	if got := strings.Join(scopes, " "); got != "user local managed" {
		t.Errorf("scopes %q, want user local managed", got)
	}
}

// TestStatusPlugins: the ccc-hooks plugins Claude Code installed for this user and project are
// rows of status, after the settings files, with their hooks resolved and their enabled state;
// another project's installation and another marketplace's plugin are not.
func TestStatusPlugins(t *testing.T) {
	loc, config := pluginWorld(t)
	testfs.Write(t, filepath.Join(config, "settings.json"), `{"enabledPlugins": {"supervisor@ccc-hooks": true, "workflow@ccc-hooks": false}}`, 0o644)
	bin := filepath.Join(t.TempDir(), ourProgram())
	testfs.Write(t, bin, "#!/bin/sh\n", 0o755)
	rows := Status(StatusOptions{Locator: loc, LookPath: func(string) (string, error) { return bin, nil }})
	var plugins []StatusRow
	for _, r := range rows {
		if r.Scope == ScopePlugin {
			plugins = append(plugins, r)
		}
	}
	cache := filepath.Join(config, "plugins", "cache", "ccc-hooks")
	six := 600.0
	hook := func(event string, timeout *float64) HookStatus {
		return HookStatus{Event: event, Command: "ccc-hooks hook", Timeout: timeout, Resolves: true, Program: bin}
	}
	want := []StatusRow{
		{
			Scope: "plugin", Path: filepath.Join(cache, "supervisor", "abc"), Exists: true, Profiles: []string{"supervisor"},
			Events: []string{"Stop", "PreToolUse[AskUserQuestion]"}, Command: "ccc-hooks hook", Timeout: &six, Resolves: true,
			Hooks: []HookStatus{hook("Stop", &six), hook("PreToolUse[AskUserQuestion]", &six)}, OwnCommands: []OwnCommand{}, Enabled: true,
			Plugin: "supervisor@ccc-hooks", PluginScope: "user",
		},
		{
			Scope: "plugin", Path: filepath.Join(cache, "workflow", "abc"), Exists: true, Profiles: []string{"workflow"},
			Events: []string{"UserPromptSubmit"}, Command: "ccc-hooks hook", Resolves: true,
			Hooks: []HookStatus{hook("UserPromptSubmit", nil)}, OwnCommands: []OwnCommand{}, Plugin: "workflow@ccc-hooks", PluginScope: "project",
		},
	}
	if diff := cmp.Diff(want, plugins); diff != "" {
		t.Errorf("plugin rows (-want +got):\n%s", diff)
	}
	if last := rows[len(rows)-1]; last.Scope != ScopePlugin {
		t.Errorf("the last row is %s, want the plugins after the settings files", last.Scope)
	}

	// A record that cannot be parsed is one row that names it.
	testfs.Write(t, loc.InstalledPluginsFile(), "{", 0o644)
	rows = Status(StatusOptions{Locator: loc, LookPath: func(string) (string, error) { return bin, nil }})
	if last := rows[len(rows)-1]; last.Scope != ScopePlugin || last.Path != loc.InstalledPluginsFile() || last.Error == "" {
		t.Errorf("unreadable plugin record: last row %+v, want a plugin row naming the file with an error", last)
	}
}
