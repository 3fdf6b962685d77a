package installer

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

const testCommand = "/usr/local/bin/ccc-hooks hook"

// install applies a NewInstall of spec to src and fails the test on error.
func install(t *testing.T, src string, spec InstallSpec) string {
	t.Helper()
	if spec.Command == "" {
		spec.Command = testCommand
	}
	if spec.Timeout == 0 {
		spec.Timeout = 600
	}
	out, remove, err := NewInstall(spec).Change([]byte(src), true)
	if err != nil || remove {
		t.Fatalf("install %+v: remove=%v err=%v", spec, remove, err)
	}
	return string(out)
}

// ourLabels returns the events of src that carry an entry of ours, as labels.
func ourLabels(t *testing.T, src string) []string {
	t.Helper()
	handlers, err := settings.Handlers([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range handlers {
		if hookcmd.IsOurs(r.Command) {
			labels = append(labels, r.Event+"["+r.Matcher+"]")
		}
	}
	return labels
}

func TestInstallChangeMakesEventsTheInstalledSet(t *testing.T) {
	full := install(t, "{}\n", InstallSpec{Profile: Supervisor, Events: Supervisor.Events})
	both := install(t, full, InstallSpec{Profile: Workflow, Events: Workflow.Events})
	tests := []struct {
		name string
		src  string
		spec InstallSpec
		want []string
	}{
		{
			"narrowing takes the rest out", full,
			InstallSpec{Profile: Supervisor, Events: Supervisor.Events[:1]},
			[]string{"Stop[]"},
		},
		{
			"narrowing to the other event", full,
			InstallSpec{Profile: Supervisor, Events: Supervisor.Events[1:]},
			[]string{"PreToolUse[AskUserQuestion]"},
		},
		{
			"widening adds", install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events[:1]}),
			InstallSpec{Profile: Supervisor, Events: Supervisor.Events},
			[]string{"Stop[]", "PreToolUse[AskUserQuestion]"},
		},
		{
			"a shared event another profile needs stays", both,
			InstallSpec{Profile: Workflow, Events: Workflow.Events[:1]},
			[]string{"Stop[]", "PreToolUse[AskUserQuestion]", "UserPromptSubmit[]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ourLabels(t, install(t, tt.src, tt.spec))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("our events (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInstallChangeReplacesLegacyOnlyWhenDecided(t *testing.T) {
	legacy := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc supervisor-hook"}]}]}}`
	kept := install(t, legacy, InstallSpec{Profile: Supervisor, Events: Supervisor.Events})
	if !strings.Contains(kept, "ccc supervisor-hook") {
		t.Errorf("legacy entry removed without ReplaceLegacy:\n%s", kept)
	}
	if got := Legacy([]byte(kept), Supervisor.Events); len(got) != 1 {
		t.Errorf("Legacy found %d entries, want 1", len(got))
	}
	replaced := install(t, legacy, InstallSpec{Profile: Supervisor, Events: Supervisor.Events, ReplaceLegacy: true})
	if strings.Contains(replaced, "ccc supervisor-hook") {
		t.Errorf("legacy entry kept with ReplaceLegacy:\n%s", replaced)
	}
}

// TestInstallIsImmutable: the change function taken from an install computes what was decided,
// whatever happens to the values it was built from or handed out.
func TestInstallIsImmutable(t *testing.T) {
	events := []Event{Supervisor.Events[0]}
	in := NewInstall(InstallSpec{Profile: Supervisor, Events: events, Command: testCommand, Timeout: 600})
	change := in.Change
	events[0] = Supervisor.Events[1]
	spec := in.Spec()
	spec.Events[0] = Supervisor.Events[1]
	out, _, err := change([]byte("{}"), true)
	if err != nil {
		t.Fatal(err)
	}
	if got := ourLabels(t, string(out)); !cmp.Equal(got, []string{"Stop[]"}) {
		t.Errorf("our events = %v, want [Stop[]]", got)
	}
}

func TestProfileInstalled(t *testing.T) {
	src := install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events[:1], Timeout: 300})
	handlers, err := settings.Handlers([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := Supervisor.Installed(handlers)
	want := Installation{Events: Supervisor.Events[:1], Timeout: 300}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Installed (-want +got):\n%s", diff)
	}
	if got := Workflow.Installed(handlers); len(got.Events) != 1 || got.Events[0].Hook != "Stop" {
		t.Errorf("workflow sees %+v, want the shared Stop", got)
	}
}

func TestMayHold(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{`{"a": "ccc supervisor-hook"}`, true},
		{`{"a": "ccc supervisor\u002dhook"}`, true},
		{`{"a": "nothing here"}`, false},
	}
	for _, tt := range tests {
		if got := mayHold([]byte(tt.src), "supervisor-hook"); got != tt.want {
			t.Errorf("mayHold(%s) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
