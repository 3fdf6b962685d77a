package installer

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// statusOf returns the statusMessage of our handler of each event in src, by event label.
func statusOf(t *testing.T, src string) map[string]string {
	t.Helper()
	handlers, err := settings.Handlers([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, h := range handlers {
		if hookcmd.IsOurs(h.Command) {
			out[Event{Hook: h.Event, Matcher: h.Matcher}.Label()] = h.StatusMessage
		}
	}
	return out
}

// uninstall applies an Uninstall of p (without a ledger) to src.
func uninstall(t *testing.T, src string, p Profile) string {
	t.Helper()
	out, _, err := Uninstall{Profile: p}.Change([]byte(src), true)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestStatusMessages: the supervisor's handlers say the supervisor is reviewing, the
// workflow's that the workflow checks the task; the Stop handler both profiles share says the
// supervisor's text wherever the supervisor is installed in the file — whichever profile came
// first, and also when the supervisor was installed without Stop — and the workflow's again once
// the supervisor is uninstalled.
func TestStatusMessages(t *testing.T) {
	const sup, wf = "ccc-hooks supervisor reviewing", "ccc-hooks workflow checking the task"
	supervisor := install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events})
	workflow := install(t, "{}", InstallSpec{Profile: Workflow, Events: Workflow.Events})
	const guard = "PreToolUse[Edit|Write|MultiEdit]"
	both := map[string]string{"Stop": sup, "PreToolUse[AskUserQuestion]": sup, "UserPromptSubmit": wf, "SubagentStop": wf, guard: wf}
	workflowAlone := map[string]string{"Stop": wf, "UserPromptSubmit": wf, "SubagentStop": wf, guard: wf}
	tests := []struct {
		name string
		src  string
		want map[string]string
	}{
		{"the supervisor", supervisor, map[string]string{"Stop": sup, "PreToolUse[AskUserQuestion]": sup}},
		{"the workflow", workflow, workflowAlone},
		{"the workflow, then the supervisor", install(t, workflow, InstallSpec{Profile: Supervisor, Events: Supervisor.Events}), both},
		{"the supervisor, then the workflow", install(t, supervisor, InstallSpec{Profile: Workflow, Events: Workflow.Events}), both},
		{
			"the supervisor without Stop beside the workflow",
			install(t, workflow, InstallSpec{Profile: Supervisor, Events: Supervisor.Events[1:]}), both,
		},
		{"both, then the supervisor uninstalled", uninstall(t, install(t, workflow, InstallSpec{Profile: Supervisor, Events: Supervisor.Events}), Supervisor), workflowAlone},
		{
			"both, then the workflow uninstalled",
			uninstall(t, install(t, supervisor, InstallSpec{Profile: Workflow, Events: Workflow.Events}), Workflow),
			map[string]string{"Stop": sup, "PreToolUse[AskUserQuestion]": sup},
		},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, statusOf(t, tt.src)); diff != "" {
			t.Errorf("%s: statusMessage by event (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestReinstallBringsEarlierFormsUpToDate: entries an earlier version wrote (no statusMessage)
// are replaced in place by a reinstall, every other byte kept, and a second reinstall changes
// nothing. Uninstalling the supervisor from a file whose entries are of the earlier form gives
// the Stop handler kept for the workflow the workflow's text; uninstalling a profile that is
// not installed changes nothing, whatever the form of the other's entries.
func TestReinstallBringsEarlierFormsUpToDate(t *testing.T) {
	const earlier = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"AskUserQuestion\",\n" +
		"        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"" + testCommand + "\",\n" +
		"            \"timeout\": 600\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	const current = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"AskUserQuestion\",\n" +
		"        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"" + testCommand + "\",\n" +
		"            \"timeout\": 600,\n            \"statusMessage\": \"ccc-hooks supervisor reviewing\"\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	spec := InstallSpec{Profile: Supervisor, Events: Supervisor.Events[1:]}
	got := install(t, earlier, spec)
	if got != current {
		t.Errorf("reinstall (-got +want):\n%s", cmp.Diff(got, current))
	}
	if again := install(t, got, spec); again != got {
		t.Errorf("second reinstall changed the file (-got +want):\n%s", cmp.Diff(again, got))
	}

	const stopEarlier = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}], ` +
		`"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}], ` +
		`"PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}]}}`
	out := uninstall(t, stopEarlier, Supervisor)
	want := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600, ` +
		`"statusMessage": "ccc-hooks workflow checking the task"}]}], ` +
		`"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}]}}`
	if out != want {
		t.Errorf("uninstall of the supervisor (-got +want):\n%s", cmp.Diff(out, want))
	}
	workflowOnly := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}], ` +
		`"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "` + testCommand + `", "timeout": 600}]}]}}`
	if out := uninstall(t, workflowOnly, Supervisor); out != workflowOnly {
		t.Errorf("uninstall of a supervisor that is not installed changed the file:\n%s", out)
	}
}

// TestStatusMessageOfEachEvent: an event one profile installs has that profile's text (PreToolUse
// by its matcher: AskUserQuestion the supervisor's, the task guard the workflow's); Stop, which
// both install, the supervisor's where it is installed.
func TestStatusMessageOfEachEvent(t *testing.T) {
	guard := Workflow.Events[len(Workflow.Events)-1]
	for _, tt := range []struct {
		event      Event
		supervisor bool
		want       string
	}{
		{Event{Hook: "PreToolUse", Matcher: "AskUserQuestion"}, true, Supervisor.Status},
		{Event{Hook: "PreToolUse", Matcher: "AskUserQuestion"}, false, Supervisor.Status},
		{guard, true, Workflow.Status},
		{guard, false, Workflow.Status},
		{Event{Hook: "Stop"}, true, Supervisor.Status},
		{Event{Hook: "Stop"}, false, Workflow.Status},
		{Event{Hook: "UserPromptSubmit"}, true, Workflow.Status},
		{Event{Hook: "SubagentStop"}, false, Workflow.Status},
	} {
		if got := StatusMessage(tt.event, tt.supervisor); got != tt.want {
			t.Errorf("StatusMessage(%s, %v) = %q, want %q", tt.event.Label(), tt.supervisor, got, tt.want)
		}
	}
}
