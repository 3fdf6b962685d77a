package installer

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestCurrentForm: a handler is of the current form when an install on that system would write
// it as it is: its command, statusMessage and shell. Earlier forms are told apart from it.
func TestCurrentForm(t *testing.T) {
	sup, wf := Supervisor.Status, Workflow.Status
	tests := []struct {
		name       string
		goos       string
		h          settings.Handler
		supervisor bool
		want       bool
	}{
		{"plain path", "linux", settings.Handler{Event: "Stop", Command: testCommand, StatusMessage: sup}, true, true},
		{"no statusMessage", "linux", settings.Handler{Event: "Stop", Command: testCommand}, true, false},
		{"the other profile's text", "linux", settings.Handler{Event: "Stop", Command: testCommand, StatusMessage: sup}, false, false},
		{"the workflow's own event", "linux", settings.Handler{Event: "UserPromptSubmit", Command: testCommand, StatusMessage: wf}, true, true},
		{"shared command", "windows", settings.Handler{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: hookcmd.Shared, StatusMessage: sup}, true, true},
		{"the task guard", "linux", settings.Handler{Event: "PreToolUse", Matcher: "Edit|Write|MultiEdit", Command: testCommand, StatusMessage: wf}, true, true},
		{"the task guard with the supervisor's text", "linux", settings.Handler{Event: "PreToolUse", Matcher: "Edit|Write|MultiEdit", Command: testCommand, StatusMessage: sup}, true, false},
		{"a shell too many", "linux", settings.Handler{Event: "Stop", Command: testCommand, StatusMessage: sup, Shell: "bash"}, true, false},
		{"the older subcommand", "linux", settings.Handler{Event: "Stop", Command: "/usr/local/bin/ccc-hooks supervisor-hook", StatusMessage: sup}, true, false},
		{"quoted path", "linux", settings.Handler{Event: "Stop", Command: `'/My Tools/ccc-hooks' hook`, StatusMessage: sup}, true, true},
		{"forward slashes", "windows", settings.Handler{Event: "Stop", Command: "C:/Tools/ccc-hooks.exe hook", StatusMessage: sup}, true, true},
		{"POSIX-quoted backslashes", "windows", settings.Handler{Event: "Stop", Command: `'C:\Tools\ccc-hooks.exe' hook`, StatusMessage: sup}, true, false},
		{"plain backslashes", "windows", settings.Handler{Event: "Stop", Command: `C:\Tools\ccc-hooks.exe hook`, StatusMessage: sup}, true, false},
		{
			"PowerShell's call operator", "windows",
			settings.Handler{Event: "Stop", Command: "& 'C:/My Tools/ccc-hooks.exe' hook", StatusMessage: sup, Shell: "powershell"},
			true, true,
		},
		{
			"PowerShell's call operator without the shell", "windows",
			settings.Handler{Event: "Stop", Command: "& 'C:/My Tools/ccc-hooks.exe' hook", StatusMessage: sup},
			true, false,
		},
	}
	for _, tt := range tests {
		if got := currentForm(tt.h, tt.supervisor, tt.goos); got != tt.want {
			t.Errorf("%s: currentForm(%+v, %v, %s) = %v, want %v", tt.name, tt.h, tt.supervisor, tt.goos, got, tt.want)
		}
	}
}
