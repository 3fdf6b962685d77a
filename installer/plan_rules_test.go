package installer

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

// testLocator returns a locator of a user whose home and project are fresh directories, with
// no managed settings, and PATH holding pathDir.
func testLocator(t *testing.T, pathDir string) Locator {
	t.Helper()
	home, project := t.TempDir(), t.TempDir()
	env := map[string]string{"HOME": home, "PATH": pathDir}
	return Locator{
		Getenv: func(k string) string { return env[k] }, ProjectDir: project,
		ManagedPath: filepath.Join(t.TempDir(), "managed-settings.json"),
	}
}

// rel names path from the user's home ("~/…") or the project ("<project>/…"), to compare plans.
func rel(loc Locator, path string) string {
	if r, ok := strings.CutPrefix(path, loc.ProjectDir+string(filepath.Separator)); ok {
		return "<project>/" + filepath.ToSlash(r)
	}
	if r, ok := strings.CutPrefix(path, loc.Getenv("HOME")+string(filepath.Separator)); ok {
		return "~/" + filepath.ToSlash(r)
	}
	return path
}

// describe lists what changes plan: each file by rel, each warning as "warning".
func describe(loc Locator, changes []fileChange) []string {
	var out []string
	for _, fc := range changes {
		if fc.warning != "" {
			out = append(out, "warning")
			continue
		}
		out = append(out, rel(loc, fc.path))
	}
	return out
}

func target(t *testing.T, loc Locator, scope string) Target {
	t.Helper()
	provider := ""
	if scope == ScopeProvider {
		provider = "team"
	}
	tg, err := loc.Resolve(scope, provider, "")
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestLocatorHookFor: files shared with other people run `ccc-hooks hook` from each person's
// PATH (with a warning when it is not on this one), others, and --absolute, the binary's path;
// a binary that is not named ccc-hooks is refused.
func TestLocatorHookFor(t *testing.T) {
	withBinary := t.TempDir()
	testfs.Write(t, filepath.Join(withBinary, ourProgram()), "#!/bin/sh\n", 0o755)
	const binary = "/opt/bin/ccc-hooks"
	tests := []struct {
		scope    string
		absolute bool
		path     string // PATH
		binary   string
		command  string
		warns    bool
		refused  bool
	}{
		{scope: ScopeUser, command: binary + " hook"},
		{scope: ScopeLocal, command: binary + " hook"},
		{scope: ScopeProvider, command: binary + " hook"},
		{scope: ScopeFile, command: binary + " hook"},
		{scope: ScopeProject, path: withBinary, command: hookcmd.Shared},
		{scope: ScopeManaged, path: withBinary, command: hookcmd.Shared},
		{scope: ScopeProject, command: hookcmd.Shared, warns: true},
		{scope: ScopeProject, absolute: true, command: binary + " hook"},
		{scope: ScopeManaged, absolute: true, command: binary + " hook"},
		{scope: ScopeUser, binary: "/opt/bin/ccc-hooks-linux-amd64", refused: true},
		{scope: ScopeProject, absolute: true, binary: "/opt/bin/other", refused: true},
	}
	for _, tt := range tests {
		name := tt.scope
		if tt.absolute {
			name += " absolute"
		}
		t.Run(name, func(t *testing.T) {
			loc := testLocator(t, tt.path)
			if tt.binary == "" {
				tt.binary = binary
			}
			tg := Target{Scope: tt.scope, Path: "/x/settings.json"}
			hook, warning, err := loc.HookFor(tg, tt.binary, tt.absolute)
			if tt.refused {
				if err == nil || !strings.Contains(err.Error(), "/x/settings.json") {
					t.Errorf("got %q, %v; want an error naming the file", hook.Command, err)
				}
				return
			}
			if err != nil || hook != (hookcmd.Hook{Command: tt.command}) || (warning != "") != tt.warns {
				t.Errorf("got %+v, warning %q, %v; want %q, warning %v", hook, warning, err, tt.command, tt.warns)
			}
		})
	}
}

// TestInstallFiles: the files an install writes beside its settings file. /supervisor and
// /supervisor-off go to the Claude config dir when asked for, whatever the profile; the
// workflow's /mc commands go where Claude Code reads commands for the scope; the supervisor
// default is written to ccc.json only when it changes; a command file of ours' name that
// ccc-hooks did not write is left alone with a warning.
func TestInstallFiles(t *testing.T) {
	supervisorCommands := []string{"~/.claude/commands/supervisor.md", "~/.claude/commands/supervisor-off.md"}
	tests := []struct {
		name    string
		profile Profile
		scope   string
		slash   bool
		def     *bool
		foreign string // a command file, from the home, that someone else wrote
		want    []string
	}{
		{name: "supervisor alone", profile: Supervisor, scope: ScopeUser},
		{name: "supervisor with slash commands", profile: Supervisor, scope: ScopeProject, slash: true, want: supervisorCommands},
		{
			name: "supervisor turned on", profile: Supervisor, scope: ScopeUser, slash: true, def: new(true),
			want: append(supervisorCommands, "~/.claude/ccc.json"),
		},
		{name: "supervisor turned off", profile: Supervisor, scope: ScopeUser, def: new(false), want: []string{"~/.claude/ccc.json"}},
		{
			name: "workflow in the project", profile: Workflow, scope: ScopeProject,
			want: []string{"<project>/.claude/commands/mc.md", "<project>/.claude/commands/mc-confirm.md", "<project>/.claude/commands/mc-review.md"},
		},
		{
			name: "workflow in local settings", profile: Workflow, scope: ScopeLocal,
			want: []string{"<project>/.claude/commands/mc.md", "<project>/.claude/commands/mc-confirm.md", "<project>/.claude/commands/mc-review.md"},
		},
		{
			name: "workflow in a provider file, with slash commands", profile: Workflow, scope: ScopeProvider, slash: true,
			want: append(slices.Clone(supervisorCommands), "~/.claude/commands/mc.md", "~/.claude/commands/mc-confirm.md", "~/.claude/commands/mc-review.md"),
		},
		{
			name: "a foreign /supervisor", profile: Supervisor, scope: ScopeUser, slash: true, foreign: ".claude/commands/supervisor.md",
			want: []string{"warning", "~/.claude/commands/supervisor-off.md"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := testLocator(t, "")
			if tt.foreign != "" {
				testfs.Write(t, filepath.Join(loc.Getenv("HOME"), tt.foreign), "my own\n", 0o644)
			}
			d := InstallDecisions{Profile: tt.profile, Events: tt.profile.Events, SlashCommands: tt.slash, SupervisorDefault: tt.def}
			got := describe(loc, installFiles(loc, target(t, loc, tt.scope), d, "/opt/bin/ccc-hooks"))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReinstallArgs: the arguments that put the hooks back name the file as the install did.
func TestReinstallArgs(t *testing.T) {
	loc := testLocator(t, "")
	events := Supervisor.Events[:1]
	base := []string{"install", "--profile", "supervisor", "--events", events[0].Name}
	tests := []struct {
		target Target
		want   []string
	}{
		{target(t, loc, ScopeUser), []string{"--scope", "user"}},
		{target(t, loc, ScopeManaged), []string{"--scope", "managed"}},
		{target(t, loc, ScopeProject), []string{"--scope", "project", "--project-dir", loc.ProjectDir}},
		{target(t, loc, ScopeLocal), []string{"--scope", "local", "--project-dir", loc.ProjectDir}},
		{target(t, loc, ScopeProvider), []string{"--scope", "provider", "--provider", "team"}},
		{Target{Scope: ScopeFile, Path: "/x/s.json"}, []string{"--file", "/x/s.json"}},
	}
	for _, tt := range tests {
		got := reinstallArgs(loc, tt.target, Supervisor, events)
		if diff := cmp.Diff(append(slices.Clone(base), tt.want...), got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.target.Scope, diff)
		}
	}
	all := reinstallArgs(loc, target(t, loc, ScopeUser), Workflow, Workflow.Events)
	if got, want := all[4], strings.Join(Workflow.EventNames(), ","); got != want {
		t.Errorf("--events %s, want %s", got, want)
	}
}

// TestCommandsDir: project and local scope keep the workflow's commands beside the project's
// settings; every other scope in the Claude config dir.
func TestCommandsDir(t *testing.T) {
	loc := testLocator(t, "")
	config := filepath.Join(loc.Getenv("HOME"), ".claude")
	tests := []struct {
		target Target
		want   string
	}{
		{Target{Scope: ScopeProject, Path: "/p/.claude/settings.json"}, filepath.FromSlash("/p/.claude")},
		{Target{Scope: ScopeLocal, Path: "/p/.claude/settings.local.json"}, filepath.FromSlash("/p/.claude")},
		{Target{Scope: ScopeUser, Path: filepath.Join(config, "settings.json")}, config},
		{Target{Scope: ScopeProvider, Path: filepath.Join(config, "settings-x.json")}, config},
		{Target{Scope: ScopeManaged, Path: "/etc/claude-code/managed-settings.json"}, config},
		{Target{Scope: ScopeFile, Path: "/somewhere/s.json"}, config},
	}
	for _, tt := range tests {
		if got := loc.commandsDir(tt.target); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.target, got, tt.want)
		}
	}
}

// TestUninstallFiles: /supervisor and /supervisor-off go with the last supervisor installation
// in any settings file of the user and project, and only when ccc-hooks wrote one of them; the
// /mc commands go with the last workflow installation whose commands live in the same folder.
// A settings file that cannot be read keeps them.
func TestUninstallFiles(t *testing.T) {
	ours := func(p Profile) string {
		return `{"hooks": {"` + p.Events[len(p.Events)-1].Hook + `": [` + entry(p) + `]}}`
	}
	tests := []struct {
		name    string
		profile Profile
		from    string            // the scope uninstalled from
		others  map[string]string // scope: content of its settings file
		slash   bool              // /supervisor written by ccc-hooks is in place
		want    []string
	}{
		{name: "supervisor, last one", profile: Supervisor, from: ScopeUser, slash: true, want: []string{
			"~/.claude/commands/supervisor.md", "~/.claude/commands/supervisor-off.md",
		}},
		{name: "supervisor, no command files", profile: Supervisor, from: ScopeUser},
		{name: "supervisor, still in the project", profile: Supervisor, from: ScopeUser, slash: true, others: map[string]string{ScopeProject: ours(Supervisor)}},
		{name: "supervisor, a broken file elsewhere", profile: Supervisor, from: ScopeProject, slash: true, others: map[string]string{ScopeUser: "{"}},
		{name: "supervisor, only the workflow elsewhere", profile: Supervisor, from: ScopeUser, slash: true, others: map[string]string{ScopeLocal: ours(Workflow)}, want: []string{
			"~/.claude/commands/supervisor.md", "~/.claude/commands/supervisor-off.md",
		}},
		{name: "workflow, last in the project", profile: Workflow, from: ScopeProject, want: []string{
			"<project>/.claude/commands/mc.md", "<project>/.claude/commands/mc-confirm.md", "<project>/.claude/commands/mc-review.md",
		}},
		{name: "workflow, still in local settings beside", profile: Workflow, from: ScopeProject, others: map[string]string{ScopeLocal: ours(Workflow)}},
		{name: "workflow, in the user file, not beside", profile: Workflow, from: ScopeProject, others: map[string]string{ScopeUser: ours(Workflow)}, want: []string{
			"<project>/.claude/commands/mc.md", "<project>/.claude/commands/mc-confirm.md", "<project>/.claude/commands/mc-review.md",
		}},
		{name: "workflow, still in a provider file beside", profile: Workflow, from: ScopeUser, others: map[string]string{ScopeProvider: ours(Workflow)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := testLocator(t, "")
			for scope, content := range tt.others {
				testfs.Write(t, target(t, loc, scope).Path, content, 0o644)
			}
			if tt.slash {
				testfs.Write(t, SlashCommandPath(filepath.Join(loc.Getenv("HOME"), ".claude"), "supervisor"), string(SlashCommands(Supervisor, "ccc-hooks")[0].Content), 0o644)
			}
			got := describe(loc, uninstallFiles(loc, target(t, loc, tt.from), tt.profile, []byte("{}\n")))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
		})
	}
}

// entry is a matcher group running our command in the last event of p.
func entry(p Profile) string {
	e := p.Events[len(p.Events)-1]
	m := ""
	if e.Matcher != "" {
		m = `"matcher": "` + e.Matcher + `", `
	}
	return `{` + m + `"hooks": [{"type": "command", "command": "` + testCommand + `"}]}`
}
