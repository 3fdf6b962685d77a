package doctor

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

func TestDoubleCheck(t *testing.T) {
	const other = "/opt/ccc-hooks/ccc-hooks hook"
	anyTool := `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "` + other + `"}]}]}}`
	twoInOne := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]},
		{"hooks": [{"type": "command", "command": "` + other + `"}]}]}}`
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"once", snap(user(supervisor(ourCmd, 600))), []want{{StatusOK, []string{"no event runs"}}}},
		{"same command twice", snap(project(supervisor(ourCmd, 600)), user(supervisor(ourCmd, 600))), []want{
			{StatusOK, []string{"Stop has the same ccc-hooks command in project settings and user settings", "runs it once"}},
			{StatusOK, []string{"PreToolUse[AskUserQuestion] has the same"}},
		}},
		{"different commands", snap(project(stop(other)), user(supervisor(ourCmd, 600))), []want{{StatusWarn, []string{
			"Stop starts ccc-hooks more than once per event", "project settings runs `" + other + "`", "user settings runs `" + ourCmd + "`",
			"`ccc-hooks uninstall --scope project --project-dir /work/p` or `ccc-hooks uninstall --scope user`",
		}}}},
		{"hook and supervisor-hook", snap(local(stop("ccc-hooks supervisor-hook")), user(stop("ccc-hooks hook"))), []want{
			{StatusWarn, []string{"local settings runs `ccc-hooks supervisor-hook`"}},
		}},
		{"two in one file", snap(user(twoInOne)), []want{{StatusWarn, []string{
			"Stop starts ccc-hooks more than once per event", "run `ccc-hooks install --scope user` to replace them with one entry",
		}}}},
		{"matcher-less handler overlaps", snap(project(anyTool), user(supervisor(ourCmd, 600))), []want{
			{StatusWarn, []string{"PreToolUse[AskUserQuestion] starts ccc-hooks more than once per event", "project settings runs `" + other + "`, user settings runs"}},
		}},
		{"two providers never merge", snap(provider("a", stop(ourCmd)), provider("b", stop(other))), []want{
			{StatusOK, []string{"no event runs"}},
		}},
		{"provider and user", snap(user(stop(ourCmd)), provider("b", stop(other))), []want{
			{StatusWarn, []string{"provider settings-b.json runs", "`ccc-hooks uninstall --provider b`"}},
		}},
		{"broken file ignored", snap(project(`{`), user(stop(ourCmd))), []want{{StatusOK, []string{"no event runs"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, doubleCheck{}, tt.s, tt.want) })
	}
}

// TestDoubleCheckWithPlugin: an enabled ccc-hooks plugin beside a settings install runs ccc-hooks
// twice per event, and this row says so (ok: answered once, with what it costs), never "no event
// runs … from more than one entry" beside the plugin row that names the same files. A plugin
// switched off, one whose hooks managed settings switch off, or one on other events is no double.
func TestDoubleCheckWithPlugin(t *testing.T) {
	plugin := installer.Plugin{
		Name: "supervisor", ID: "supervisor@ccc-hooks", Scope: "user", Enabled: true, InstallPath: "/p",
		Hooks: []settings.Handler{
			{Event: "Stop", Command: "ccc-hooks hook"},
			{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: "ccc-hooks hook"},
		},
	}
	off := plugin
	off.Enabled = false
	tests := []struct {
		name    string
		s       *Snapshot
		plugins []installer.Plugin
		want    []want
	}{
		{"plugin and user settings", snap(user(supervisor(ourCmd, 600))), []installer.Plugin{plugin}, []want{{StatusOK, []string{
			"plugin supervisor@ccc-hooks (user scope) and user settings both run ccc-hooks on Stop, PreToolUse[AskUserQuestion]: " +
				"Claude Code runs both, and ccc-hooks answers such copies of one event once",
			"one extra short ccc-hooks process per event", "(`claude plugin uninstall supervisor@ccc-hooks`, or `ccc-hooks uninstall --scope user`)",
		}}}},
		{"plugin and a Stop-only install", snap(project(stop(ourCmd))), []installer.Plugin{plugin}, []want{{StatusOK, []string{
			"plugin supervisor@ccc-hooks (user scope) and project settings both run ccc-hooks on Stop:",
		}}}},
		{"plugin switched off", snap(user(supervisor(ourCmd, 600))), []installer.Plugin{off}, []want{{StatusOK, []string{"no event runs"}}}},
		{
			"plugin hooks switched off by managed settings", snap(managed(`{"allowManagedHooksOnly": true}`), user(supervisor(ourCmd, 600))),
			[]installer.Plugin{plugin},
			[]want{{StatusOK, []string{"no event runs"}}},
		},
		{"plugin alone", snap(), []installer.Plugin{plugin}, []want{{StatusOK, []string{"no event runs"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, resultsCheck(judgeDouble(tt.s, tt.plugins)), tt.s, tt.want) })
	}
}
