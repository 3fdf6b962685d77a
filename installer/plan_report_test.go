package installer

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestInstallDone: an install names the events it installed and, when it narrowed the profile,
// those it took out and those another profile in the file still uses.
func TestInstallDone(t *testing.T) {
	tg := Target{Scope: ScopeUser, Path: "/h/.claude/settings.json"}
	both := install(t, install(t, "{}", InstallSpec{Profile: Workflow, Events: Workflow.Events}), InstallSpec{Profile: Supervisor, Events: Supervisor.Events})
	supervisorOnly := install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events})
	stopOnly := Supervisor.Events[:1]
	askOnly := Supervisor.Events[1:]
	tests := []struct {
		name     string
		events   []Event
		old, new string
		want     string
	}{
		{"all events", Supervisor.Events, "{}", supervisorOnly, "Installed the supervisor hooks (Stop, PreToolUse[AskUserQuestion]) into /h/.claude/settings.json (user scope)."},
		{
			"narrowed", stopOnly, supervisorOnly, install(t, supervisorOnly, InstallSpec{Profile: Supervisor, Events: stopOnly}),
			"Installed the supervisor hooks (Stop) into /h/.claude/settings.json (user scope). Removed PreToolUse[AskUserQuestion], no longer chosen.",
		},
		{
			"narrowed beside the workflow", askOnly, both, install(t, both, InstallSpec{Profile: Supervisor, Events: askOnly}),
			"Installed the supervisor hooks (PreToolUse[AskUserQuestion]) into /h/.claude/settings.json (user scope). Stop stays: another profile installed there uses it.",
		},
		{"narrowed, nothing there before", stopOnly, "{}", supervisorOnly, "Installed the supervisor hooks (Stop) into /h/.claude/settings.json (user scope)."},
	}
	for _, tt := range tests {
		ch := settings.Change{Old: []byte(tt.old), New: []byte(tt.new)}
		if got := installDone(Supervisor, tt.events, tg, ch); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// TestKeptNote: an uninstall says which entries stay for another profile installed in the file,
// and names it.
func TestKeptNote(t *testing.T) {
	both := []byte(install(t, install(t, "{}", InstallSpec{Profile: Workflow, Events: Workflow.Events}), InstallSpec{Profile: Supervisor, Events: Supervisor.Events}))
	if got, want := keptNote(Supervisor, both, nil), " Stop stays: the workflow profile installed there uses it."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	alone := []byte(install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events}))
	if got := keptNote(Supervisor, alone, nil); got != "" {
		t.Errorf("alone: got %q", got)
	}
}

// TestInstalledElsewhere: for someone who looked in the wrong file, the files where ccc-hooks
// is installed, with their profiles.
func TestInstalledElsewhere(t *testing.T) {
	loc := testLocator(t, "")
	user, project := target(t, loc, ScopeUser), target(t, loc, ScopeProject)
	if got, want := installedElsewhere(loc, project), "ccc-hooks is not installed in any settings file of this user and project.\n"; got != want {
		t.Errorf("nowhere: got %q", got)
	}
	testfs.Write(t, user.Path, install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events}), 0o644)
	file := Target{Scope: ScopeFile, Path: loc.ProjectDir + "/s.json"}
	testfs.Write(t, file.Path, install(t, "{}", InstallSpec{Profile: Workflow, Events: Workflow.Events}), 0o644)
	want := "ccc-hooks is installed in:\n  " + user.String() + ": supervisor\n  " + file.String() + ": workflow\n"
	if got := installedElsewhere(loc, file); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
