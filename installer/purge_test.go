package installer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// installFor installs profile p into target of loc with every event, the slash commands with
// the supervisor, and the supervisor on by default.
func installFor(t *testing.T, loc Locator, tg Target, p Profile, binary string) {
	t.Helper()
	on := true
	d := InstallDecisions{Profile: p, Events: p.Events, Timeout: 600, SlashCommands: p.Name == Supervisor.Name, SupervisorDefault: &on}
	plan, err := PlanInstall(loc, tg, d, binary)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Apply(ApplyOptions{UI: &recordingUI{}}); err != nil {
		t.Fatal(err)
	}
}

// TestPlanPurge: the purge finds the hooks in every file this user and project have them in and in
// the files only the ledger knows (another project's, which go with that project's /mc commands);
// the slash commands; ccc.json when it holds ccc-hooks' keys alone; the home; the binary when its
// name is ccc-hooks and it is a file; and it says what it leaves. Applied, everything it listed is
// gone, and every settings file is as it was before install (the ones install created removed).
func TestPlanPurge(t *testing.T) {
	loc := testLocator(t, "")
	binary := filepath.Join(loc.Getenv("HOME"), "bin", "ccc-hooks")
	testfs.Write(t, binary, "#!/bin/sh\n", 0o755)
	installFor(t, loc, target(t, loc, ScopeUser), Supervisor, binary)
	other := Locator{Getenv: loc.Getenv, ProjectDir: t.TempDir(), ManagedPath: loc.ManagedPath}
	otherFile := target(t, other, ScopeProject)
	installFor(t, other, otherFile, Workflow, binary)
	prompt := filepath.Join(paths.ConfigDir(loc.Getenv), "SUPERVISOR.md")
	testfs.Write(t, prompt, "Review strictly.\n", 0o644)

	p := PlanPurge(loc, binary)
	var got []string
	for _, h := range p.Hooks {
		names := make([]string, len(h.Profiles))
		for i, pr := range h.Profiles {
			names[i] = pr.Name
		}
		got = append(got, h.Target.Scope+" "+h.Target.Path+" "+strings.Join(names, ","))
	}
	want := []string{
		ScopeUser + " " + paths.Place{Getenv: loc.Getenv}.UserFile() + " supervisor",
		ScopeProject + " " + otherFile.Path + " workflow",
	}
	if !slices.Equal(got, want) {
		t.Errorf("hooks %q, want %q", got, want)
	}
	commands := []string{
		SlashCommandPath(paths.ConfigDir(loc.Getenv), "supervisor"), SlashCommandPath(paths.ConfigDir(loc.Getenv), "supervisor-off"),
		SlashCommandPath(filepath.Dir(otherFile.Path), "mc"), SlashCommandPath(filepath.Dir(otherFile.Path), "mc-confirm"),
		SlashCommandPath(filepath.Dir(otherFile.Path), "mc-review"),
	}
	if !slices.Equal(p.Commands, commands) {
		t.Errorf("commands %q, want %q", p.Commands, commands)
	}
	if p.Config != paths.ConfigFile(loc.Getenv) || p.Home != paths.Home(loc.Getenv) || p.Binary != binary {
		t.Errorf("config %q, home %q, binary %q", p.Config, p.Home, p.Binary)
	}
	if len(p.Left) != 1 || !strings.HasPrefix(p.Left[0], prompt+": ") || p.Empty() || len(p.Lines()) != 2+len(commands)+3 {
		t.Errorf("left %q, lines %q", p.Left, p.Lines())
	}

	ui := &recordingUI{}
	if err := p.Apply(ApplyOptions{UI: ui}); err != nil {
		t.Fatal(err)
	}
	for _, gone := range append([]string{paths.Place{Getenv: loc.Getenv}.UserFile(), otherFile.Path, filepath.Dir(otherFile.Path), p.Config, p.Home, binary}, commands...) {
		if _, err := os.Lstat(gone); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", gone, err)
		}
	}
	if _, err := os.Stat(prompt); err != nil {
		t.Errorf("the user's prompt is gone: %v", err)
	}
	for _, want := range []string{"Removed " + binary + ".", "Removed " + p.Home + " (ccc-hooks home).", "Removed " + p.Config + "."} {
		if !slices.Contains(ui.said, want) {
			t.Errorf("said %q, want %q among it", ui.said, want)
		}
	}
	if again := PlanPurge(loc, binary); !again.Empty() {
		t.Errorf("after the purge: %+v, want nothing", again)
	}
}

// TestPlanPurgeLeaves: a ccc.json with another program's keys stays; a binary named otherwise
// (a test binary, a renamed copy) or not there is not offered; a command file of the user's own
// with our name stays.
func TestPlanPurgeLeaves(t *testing.T) {
	loc := testLocator(t, "")
	cfg := paths.ConfigFile(loc.Getenv)
	testfs.Write(t, cfg, `{"supervisor": {"enabled": true}, "retention_days": 7, "theme": "dark"}`, 0o644)
	own := SlashCommandPath(paths.ConfigDir(loc.Getenv), "supervisor")
	testfs.Write(t, own, "my own /supervisor\n", 0o644)
	renamed := filepath.Join(loc.Getenv("HOME"), "bin", "ccc-hooks-test")
	testfs.Write(t, renamed, "#!/bin/sh\n", 0o755)
	for _, binary := range []string{renamed, filepath.Join(loc.Getenv("HOME"), "bin", "ccc-hooks")} {
		p := PlanPurge(loc, binary)
		if p.Binary != "" || p.Config != "" || len(p.Commands) != 0 || len(p.Hooks) != 0 {
			t.Errorf("%s: %+v, want nothing to remove", binary, p)
		}
		if len(p.Left) != 1 || !strings.Contains(p.Left[0], "holds keys of other programs too (theme)") {
			t.Errorf("left %q", p.Left)
		}
	}
	testfs.Write(t, cfg, `{"supervisor": {"enabled": true}, "workflow": {}, "retention_days": 7}`, 0o644)
	if p := PlanPurge(loc, renamed); p.Config != cfg {
		t.Errorf("ccc.json with ccc-hooks' keys alone: %q, want it removed", p.Config)
	}
	testfs.Write(t, cfg, `[1]`, 0o644)
	if p := PlanPurge(loc, renamed); p.Config != "" || len(p.Left) != 1 || !strings.Contains(p.Left[0], "not a JSON object") {
		t.Errorf("ccc.json that is no object: %q, left %q", p.Config, p.Left)
	}
}

// TestPlanPurgeFromHome: run in the home directory, where the project file is the user file, the
// purge names that file once, as the user's.
func TestPlanPurgeFromHome(t *testing.T) {
	loc := testLocator(t, "")
	loc.ProjectDir = loc.Getenv("HOME")
	installFor(t, loc, target(t, loc, ScopeUser), Supervisor, "/opt/ccc-hooks")
	p := PlanPurge(loc, "/opt/ccc-hooks")
	if len(p.Hooks) != 1 || p.Hooks[0].Target.Scope != ScopeUser {
		t.Errorf("hooks %+v, want the user file once", p.Hooks)
	}
}

// TestPurgeKeepsACommandReplaced: a command file the purge listed as ours, that someone replaced
// with their own before it ran, stays.
func TestPurgeKeepsACommandReplaced(t *testing.T) {
	loc := testLocator(t, "")
	installFor(t, loc, target(t, loc, ScopeUser), Supervisor, "/opt/ccc-hooks")
	p := PlanPurge(loc, "/opt/ccc-hooks")
	own := SlashCommandPath(paths.ConfigDir(loc.Getenv), "supervisor-off")
	if !slices.Contains(p.Commands, own) {
		t.Fatalf("commands %q lack %s", p.Commands, own)
	}
	// The uninstall of the hooks takes the commands out first; ours, put back, and the user's own.
	p.Hooks = nil
	testfs.Write(t, own, "my own /supervisor-off\n", 0o644)
	if err := p.Apply(ApplyOptions{UI: &recordingUI{}}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(own); err != nil || string(b) != "my own /supervisor-off\n" {
		t.Errorf("the user's own command file: %q, %v; want it kept", b, err)
	}
	if _, err := os.Stat(SlashCommandPath(paths.ConfigDir(loc.Getenv), "supervisor")); !os.IsNotExist(err) {
		t.Errorf("our /supervisor is still there (%v)", err)
	}
}

// TestPlanPurgeKeepsAHomeWithAnUnreadableRecord: a record of the ledger that cannot be read may
// name a file that still holds hooks of ours, so the whole uninstall leaves the home (and the
// record in it) where it is, and says why, instead of removing it unread.
func TestPlanPurgeKeepsAHomeWithAnUnreadableRecord(t *testing.T) {
	loc := testLocator(t, "")
	binary := filepath.Join(loc.Getenv("HOME"), "bin", "ccc-hooks")
	testfs.Write(t, binary, "#!/bin/sh\n", 0o755)
	installFor(t, loc, target(t, loc, ScopeUser), Supervisor, binary)
	home := paths.Home(loc.Getenv)
	if p := PlanPurge(loc, binary); p.Home != home {
		t.Fatalf("with every record readable the home is %q, want %q", p.Home, home)
	}
	bad := filepath.Join(home, "ledger", "0123456789abcdef.json")
	testfs.Write(t, bad, "{not json", 0o600)

	p := PlanPurge(loc, binary)
	if p.Home != "" {
		t.Errorf("the home is removed (%q) though a record in it cannot be read", p.Home)
	}
	if !slices.ContainsFunc(p.Left, func(l string) bool {
		return strings.HasPrefix(l, home+": kept, since a record in it cannot be read") && strings.Contains(l, "0123456789abcdef.json")
	}) {
		t.Errorf("left %q: nothing says the home stays for its unreadable record", p.Left)
	}
	if err := p.Apply(ApplyOptions{UI: &recordingUI{}}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(bad); err != nil || string(data) != "{not json" {
		t.Errorf("the unreadable record after the purge: %q, %v", data, err)
	}
}
