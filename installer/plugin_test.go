package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

const pluginHooksJSON = `{
  "description": "test",
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 600}]}],
    "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "ccc-hooks hook", "timeout": 600}]}],
    "SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]
  }
}`

// pluginWorld is a home with Claude Code's plugin records and a project.
func pluginWorld(t *testing.T) (Locator, string) {
	t.Helper()
	root := t.TempDir()
	config := filepath.Join(root, "home", ".claude")
	project := filepath.Join(root, "project")
	cache := filepath.Join(config, "plugins", "cache", "ccc-hooks")
	testfs.Write(t, filepath.Join(cache, "supervisor", "abc", "hooks", "hooks.json"), pluginHooksJSON, 0o644)
	testfs.Write(t, filepath.Join(cache, "workflow", "abc", "hooks", "hooks.json"), `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`, 0o644)
	testfs.Write(t, filepath.Join(config, "plugins", "installed_plugins.json"), `{
  "version": 2,
  "plugins": {
    "supervisor@ccc-hooks": [
      {"scope": "user", "installPath": `+jsonString(filepath.Join(cache, "supervisor", "abc"))+`, "version": "abc"},
      {"scope": "local", "projectPath": "/elsewhere", "installPath": `+jsonString(filepath.Join(cache, "supervisor", "abc"))+`, "version": "abc"}
    ],
    "workflow@ccc-hooks": [
      {"scope": "project", "projectPath": `+jsonString(project)+`, "installPath": `+jsonString(filepath.Join(cache, "workflow", "abc"))+`, "version": "abc"}
    ],
    "supervisor@someone-else": [
      {"scope": "user", "installPath": "/x", "version": "1"}
    ]
  }
}`, 0o644)
	loc := Locator{
		Getenv:      func(k string) string { return map[string]string{"HOME": filepath.Join(root, "home")}[k] },
		ProjectDir:  project,
		ManagedPath: filepath.Join(root, "managed-settings.json"),
	}
	return loc, config
}

type pluginRow struct {
	ID, Scope, Version string
	Enabled            bool
	EnabledBy          string
	Events             string
}

func pluginRows(t *testing.T, loc Locator) []pluginRow {
	t.Helper()
	ps, err := Plugins(loc)
	if err != nil {
		t.Fatal(err)
	}
	var out []pluginRow
	for _, p := range ps {
		if p.HooksErr != nil {
			t.Errorf("%s: hooks: %v", p.ID, p.HooksErr)
		}
		by := ""
		if p.EnabledBy != "" {
			by = filepath.Base(filepath.Dir(p.EnabledBy)) + "/" + filepath.Base(p.EnabledBy)
		}
		out = append(out, pluginRow{p.ID, p.Scope, p.Version, p.Enabled, by, strings.Join(p.Events(), " ")})
	}
	return out
}

func TestPluginsEnablementFollowsClaudeCodesPrecedence(t *testing.T) {
	loc, config := pluginWorld(t)
	user := filepath.Join(config, "settings.json")
	projectFile := filepath.Join(loc.ProjectDir, ".claude", "settings.json")
	localFile := filepath.Join(loc.ProjectDir, ".claude", "settings.local.json")

	// Installed but named nowhere in enabledPlugins: off.
	want := []pluginRow{
		{"supervisor@ccc-hooks", "user", "abc", false, "", "Stop PreToolUse[AskUserQuestion]"},
		{"workflow@ccc-hooks", "project", "abc", false, "", "UserPromptSubmit"},
	}
	if diff := cmp.Diff(want, pluginRows(t, loc)); diff != "" {
		t.Errorf("no enabledPlugins (-want +got):\n%s", diff)
	}

	testfs.Write(t, user, `{"enabledPlugins": {"supervisor@ccc-hooks": false, "workflow@ccc-hooks": true}}`, 0o644)
	testfs.Write(t, projectFile, `{"enabledPlugins": {"workflow@ccc-hooks": false}}`, 0o644)
	testfs.Write(t, localFile, `{"enabledPlugins": {"supervisor@ccc-hooks": true}}`, 0o644)
	want = []pluginRow{
		{"supervisor@ccc-hooks", "user", "abc", true, ".claude/settings.local.json", "Stop PreToolUse[AskUserQuestion]"},
		{"workflow@ccc-hooks", "project", "abc", false, ".claude/settings.json", "UserPromptSubmit"},
	}
	if diff := cmp.Diff(want, pluginRows(t, loc)); diff != "" {
		t.Errorf("local true over user false, project false over user true (-want +got):\n%s", diff)
	}

	// Managed settings have the last word.
	testfs.Write(t, loc.ManagedPath, `{"enabledPlugins": {"supervisor@ccc-hooks": false}}`, 0o644)
	if rows := pluginRows(t, loc); rows[0].Enabled || !strings.HasSuffix(rows[0].EnabledBy, "/managed-settings.json") {
		t.Errorf("managed false: %+v, want disabled by managed-settings.json", rows[0])
	}
}

func TestPluginsNoneAndBrokenRecords(t *testing.T) {
	loc, config := pluginWorld(t)
	file := filepath.Join(config, "plugins", "installed_plugins.json")
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if ps, err := Plugins(loc); err != nil || len(ps) != 0 {
		t.Errorf("without installed_plugins.json: %v, %v; want none and no error", ps, err)
	}
	testfs.Write(t, file, `{"plugins": {"supervisor@ccc-hooks": {}}}`, 0o644)
	if _, err := Plugins(loc); err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), "supervisor@ccc-hooks") {
		t.Errorf("malformed record: err = %v, want one naming %s and the plugin", err, file)
	}
	testfs.Write(t, file, `{"plugins": `, 0o644)
	if _, err := Plugins(loc); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("invalid JSON: err = %v, want one naming %s", err, file)
	}
}
