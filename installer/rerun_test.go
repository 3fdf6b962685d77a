package installer

import (
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// TestProjectIsUser: the project file is the user file where the project is the home directory
// (the folder holding the Claude config dir as .claude), and only there.
func TestProjectIsUser(t *testing.T) {
	loc := testLocator(t, "")
	if loc.ProjectIsUser() {
		t.Error("a project folder of its own is the user file")
	}
	home := loc
	home.ProjectDir = loc.Getenv("HOME")
	if !home.ProjectIsUser() {
		t.Error("the home directory's project file is not the user file")
	}
	none := loc
	none.ProjectDir = ""
	if none.ProjectIsUser() {
		t.Error("no project is the user file")
	}
}

// TestLastInstall: of the files a profile is installed in, the one its ledger noted last; none
// where it is installed nowhere; the slash commands are there once an install wrote them.
func TestLastInstall(t *testing.T) {
	loc := testLocator(t, "")
	targets := []Target{target(t, loc, ScopeUser), target(t, loc, ScopeProject), target(t, loc, ScopeLocal)}
	if _, ok := loc.LastInstall(Supervisor, targets); ok {
		t.Fatal("a last install where there is none")
	}
	if loc.HasSlashCommands(Supervisor) {
		t.Fatal("slash commands where none were written")
	}
	for i, scope := range []string{ScopeLocal, ScopeUser, ScopeProject} {
		at := time.Date(2026, 11, 28, 10, i, 0, 0, time.UTC)
		plan, err := PlanInstall(loc, target(t, loc, scope), InstallDecisions{
			Profile: Supervisor, Events: Supervisor.Events, Timeout: 600,
			SlashCommands: scope == ScopeUser,
		}, "/opt/ccc-hooks")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := plan.Apply(ApplyOptions{UI: &recordingUI{}, Now: func() time.Time { return at }}); err != nil {
			t.Fatal(err)
		}
	}
	if last, ok := loc.LastInstall(Supervisor, targets); !ok || last.Scope != ScopeProject {
		t.Errorf("last install %+v, %v; want the project's, noted last", last, ok)
	}
	if last, ok := loc.LastInstall(Supervisor, targets[:1]); !ok || last.Scope != ScopeUser {
		t.Errorf("of the user file alone: %+v, %v", last, ok)
	}
	if _, ok := loc.LastInstall(Workflow, targets); ok {
		t.Error("the workflow has a last install")
	}
	if !loc.HasSlashCommands(Supervisor) || loc.HasSlashCommands(Workflow) {
		t.Errorf("slash commands: supervisor %v, workflow %v; want the supervisor's only (in %s)",
			loc.HasSlashCommands(Supervisor), loc.HasSlashCommands(Workflow), paths.ConfigDir(loc.Getenv))
	}
}
