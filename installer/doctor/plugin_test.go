package doctor

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

func TestJudgePlugins(t *testing.T) {
	supervisorPlugin := installer.Plugin{
		Name: "supervisor", ID: "supervisor@ccc-hooks", Scope: "user", Enabled: true,
		InstallPath: "/home/u/.claude/plugins/cache/ccc-hooks/supervisor/abc",
		Hooks: []settings.Handler{
			{Event: "Stop", Command: "ccc-hooks hook"},
			{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: "ccc-hooks hook"},
		},
	}
	disabled := supervisorPlugin
	disabled.Enabled = false
	broken := supervisorPlugin
	broken.Hooks, broken.HooksErr = nil, errors.New("open hooks.json: no such file or directory")
	notFound := errors.New("executable file not found in $PATH")
	tests := []struct {
		name    string
		s       *Snapshot
		plugins []installer.Plugin
		lookErr error
		fix     string
		want    []want
	}{
		{
			"no plugin", snap(user(supervisor(ourCmd, 600))), nil, nil, "",
			[]want{{StatusOK, []string{"no ccc-hooks plugin is installed"}}},
		},
		{
			"plugin alone", snap(missing(installer.ScopeUser, userPath)),
			[]installer.Plugin{supervisorPlugin},
			nil, "",
			[]want{{StatusOK, []string{"plugin supervisor@ccc-hooks (user scope) runs ccc-hooks on Stop, PreToolUse[AskUserQuestion]"}}},
		},
		{
			"plugin and settings side by side", snap(project(stop(ourCmd)), user(supervisor(ourCmd, 600))),
			[]installer.Plugin{supervisorPlugin},
			nil, "",
			[]want{{StatusOK, []string{
				"plugin supervisor@ccc-hooks (user scope) runs ccc-hooks on Stop, PreToolUse[AskUserQuestion]; " +
					"project settings and user settings run it on Stop, PreToolUse[AskUserQuestion] too (see double-firing)",
			}}},
		},
		{
			"a settings handler for every tool overlaps the question matcher",
			snap(user(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`)),
			[]installer.Plugin{supervisorPlugin},
			nil, "",
			[]want{{StatusOK, []string{"; user settings runs it on PreToolUse[AskUserQuestion] too (see double-firing)"}}},
		},
		{
			"installed, not enabled", snap(user(supervisor(ourCmd, 600))),
			[]installer.Plugin{disabled},
			nil, "",
			[]want{{StatusOK, []string{"is installed but not enabled here"}}},
		},
		{
			"binary not on PATH", snap(),
			[]installer.Plugin{supervisorPlugin},
			notFound, "run install.sh",
			[]want{{StatusError, []string{"runs `ccc-hooks hook`, but ccc-hooks is not on PATH (executable file not found in $PATH): its hooks cannot run it and review nothing; run install.sh"}}},
		},
		{
			"managed hooks only", snap(managed(`{"allowManagedHooksOnly": true}`)),
			[]installer.Plugin{supervisorPlugin},
			nil, "",
			[]want{{StatusError, []string{"allowManagedHooksOnly in " + managedPath + " switches plugin hooks off", "--scope managed"}}},
		},
		{
			"unreadable hooks", snap(),
			[]installer.Plugin{broken},
			nil, "",
			[]want{{StatusWarn, []string{"cannot read its hooks", "claude plugin install supervisor@ccc-hooks"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := judgePlugins(tt.s, tt.plugins, tt.lookErr, tt.fix)
			checkResults(t, resultsCheck(got), tt.s, tt.want)
		})
	}
}

// resultsCheck is a Check that reports fixed results.
type resultsCheck []Result

func (resultsCheck) Name() string { return "fixed" }

func (r resultsCheck) Run(context.Context, *Snapshot) []Result { return r }

// The check reads Claude Code's own records: installed_plugins.json, enabledPlugins, the
// plugin's installed hooks.json.
func TestPluginCheckReadsClaudeCodesRecords(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	config := filepath.Join(home, ".claude")
	project := filepath.Join(root, "project")
	cached := filepath.Join(config, "plugins", "cache", "ccc-hooks", "supervisor", "abc")
	testfs.Write(t, filepath.Join(cached, "hooks", "hooks.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`, 0o644)
	testfs.Write(t, filepath.Join(config, "plugins", "installed_plugins.json"),
		`{"version": 2, "plugins": {"supervisor@ccc-hooks": [{"scope": "user", "installPath": "`+cached+`", "version": "abc"}]}}`, 0o644)
	testfs.Write(t, filepath.Join(config, "settings.json"), `{"enabledPlugins": {"supervisor@ccc-hooks": true}, `+supervisor(ourCmd, 600)[1:], 0o644)
	env := fakeEnv(map[string]string{"HOME": home}, map[string]string{"ccc-hooks": "/usr/local/bin/ccc-hooks"}, nil)
	loc := installer.Locator{Getenv: env.Getenv, ProjectDir: project, ManagedPath: filepath.Join(root, "managed.json")}
	checkResults(t, pluginCheck{env}, Load(loc), []want{{StatusOK, []string{
		"plugin supervisor@ccc-hooks (user scope) runs ccc-hooks on Stop; user settings runs it on Stop too (see double-firing)",
	}}})
	checkResults(t, doubleCheck{env}, Load(loc), []want{{StatusOK, []string{
		"plugin supervisor@ccc-hooks (user scope) and user settings both run ccc-hooks on Stop:",
	}}})

	// install.sh's ccc-hooks in ~/.local/bin, which is not on PATH: the advice adds it to PATH.
	localBin := filepath.Join(home, ".local", "bin")
	testfs.Write(t, filepath.Join(localBin, "ccc-hooks"), "#!/bin/sh\n", 0o755)
	checkResults(t, pluginCheck{fakeEnv(map[string]string{"HOME": home}, nil, nil)}, Load(loc), []want{{StatusError, []string{
		"but ccc-hooks is not on PATH", "its hooks cannot run it and review nothing; add " + localBin + " to the PATH Claude Code is started with, with this line in your shell's profile: " + exportLocalBin,
	}}})

	testfs.Write(t, filepath.Join(config, "plugins", "installed_plugins.json"), `{"plugins": [`, 0o644)
	checkResults(t, pluginCheck{env}, Load(loc), []want{{StatusWarn, []string{
		"cannot tell which Claude Code plugins are installed", "installed_plugins.json",
	}}})
}
