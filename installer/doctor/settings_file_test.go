package doctor

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

func TestSettingsCheck(t *testing.T) {
	unreadable := File{
		Target: installer.Target{Scope: installer.ScopeUser, Path: userPath}, Exists: true,
		Err: errors.New("read: permission denied"),
	}
	tests := []struct {
		name string
		file File
		want want
	}{
		{"missing", missing(installer.ScopeUser, userPath), want{StatusOK, []string{"not present"}}},
		{"empty", user("\n"), want{StatusOK, []string{"empty"}}},
		{"no hooks", user(`{"model": "opus"}`), want{StatusOK, []string{"valid; no ccc-hooks hooks"}}},
		{"ours", user(supervisor(ourCmd, 600)), want{StatusOK, []string{"Stop, PreToolUse[AskUserQuestion]"}}},
		{"invalid json", project("{\n  \"hooks\": {,\n}"), want{StatusError, []string{
			projectPath + ":2:", "invalid JSON", "skips this whole file", "fix the JSON at line 2",
		}}},
		{"comment", user("{\n// note\n}"), want{StatusError, []string{"comments"}}},
		{"bad structure", local(`{"hooks": []}`), want{StatusError, []string{"hooks: expected an object", "fix hooks"}}},
		{"bad handler", user(`{"hooks": {"Stop": [{"hooks": ["x"]}]}}`), want{StatusError, []string{"hooks.Stop[0].hooks[0]"}}},
		{"unreadable", unreadable, want{StatusError, []string{"permission denied", "chmod u+r"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, settingsCheck{}, snap(tt.file), []want{tt.want})
		})
	}
}

func TestSettingsCheckNamesScopes(t *testing.T) {
	s := snap(missing(installer.ScopeManaged, managedPath), local(`{}`), project(`{}`), user(`{}`), provider("kimi", `{}`))
	var got []string
	for _, r := range (settingsCheck{}).Run(context.Background(), s) {
		got = append(got, r.Check+" "+r.Path)
	}
	want := []string{
		"managed-settings " + managedPath, "local-settings " + localPath, "project-settings " + projectPath,
		"user-settings " + userPath, "provider-settings /home/u/.claude/settings-kimi.json",
	}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d: got %q, want %q", i, got[i], want[i])
		}
	}
}

func TestInstalledCheck(t *testing.T) {
	workflow := `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}],
		"SubagentStop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{
			"nothing", snap(user(`{}`), missing(installer.ScopeProject, projectPath)),
			[]want{{StatusWarn, []string{"run `ccc-hooks install`"}}},
		},
		{
			"nothing readable", snap(user(`{`)),
			[]want{{StatusWarn, []string{"run `ccc-hooks install`", "after fixing"}}},
		},
		{
			"supervisor in user", snap(user(supervisor(ourCmd, 600))),
			[]want{{StatusOK, []string{"supervisor profile installed in user settings"}}},
		},
		{"two files", snap(project(workflow), user(supervisor(ourCmd, 600))), []want{
			{StatusOK, []string{"workflow profile installed in project settings"}},
			{StatusOK, []string{"supervisor profile installed in user settings"}},
		}},
		{
			"stop only", snap(user(stop(ourCmd))),
			[]want{{StatusOK, []string{"ccc-hooks hooks on Stop in user settings (no complete profile)"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, installedCheck{}, tt.s, tt.want) })
	}
}

// TestInstalledCheckEarlierForm: hooks an earlier version wrote (no statusMessage, the Stop
// handler with the other profile's text) count as installed, and the line says which and the
// install that brings them up to date; hooks of the current form get the plain line.
func TestInstalledCheckEarlierForm(t *testing.T) {
	handler := func(text string) string {
		return fmt.Sprintf(`[{"type": "command", "command": %q, "timeout": 600, "statusMessage": %q}]`, ourCmd, text)
	}
	sup, wf := installer.Supervisor.Status, installer.Workflow.Status
	current := fmt.Sprintf(`{"hooks": {"Stop": [{"hooks": %s}], "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": %s}]}}`,
		handler(sup), handler(sup))
	staleStop := fmt.Sprintf(`{"hooks": {"Stop": [{"hooks": %s}], "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": %s}]}}`,
		handler(wf), handler(sup))
	for _, tt := range []struct {
		name, src, want string
	}{
		{"current", current, "supervisor profile installed in user settings"},
		{
			"no statusMessage", supervisor(ourCmd, 600),
			"supervisor profile installed in user settings; the hooks on Stop, PreToolUse[AskUserQuestion] are of an earlier form " +
				"and run as they are: `ccc-hooks install --scope user` brings them up to date",
		},
		{
			"the workflow's text on the supervisor's Stop", staleStop,
			"supervisor profile installed in user settings; the hooks on Stop are of an earlier form " +
				"and run as they are: `ccc-hooks install --scope user` brings them up to date",
		},
	} {
		got := installedCheck{}.Run(context.Background(), snap(user(tt.src)))
		if len(got) != 1 || got[0].Status != StatusOK || got[0].Message != tt.want {
			t.Errorf("%s: %+v, want one ok line %q", tt.name, got, tt.want)
		}
	}
}
