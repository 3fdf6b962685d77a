package doctor

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestLoad(t *testing.T) {
	home := t.TempDir()
	project := t.TempDir()
	env := map[string]string{"HOME": home}
	getenv := func(k string) string { return env[k] }
	testfs.Write(t, filepath.Join(home, ".claude", "settings.json"), supervisor(ourCmd, 600), 0o644)
	testfs.Write(t, filepath.Join(home, ".claude", "settings-kimi.json"), `{`, 0o644)
	testfs.Write(t, filepath.Join(home, ".claude", "ccc.json"), `{"supervisor": {"max_iterations": 0}, "workflow": {"notify": "yes"}}`, 0o644)
	testfs.Write(t, filepath.Join(project, ".claude", "settings.json"), `{"hooks": []}`, 0o644)

	s := Load(installer.Locator{Getenv: getenv, ProjectDir: project, ManagedPath: filepath.Join(home, "managed.json")})
	type row struct {
		Scope    string
		Exists   bool
		Err      bool
		Handlers int
	}
	var got []row
	for _, f := range s.Files {
		got = append(got, row{f.Scope, f.Exists, f.Err != nil, len(f.Handlers)})
	}
	want := []row{
		{installer.ScopeManaged, false, false, 0},
		{installer.ScopeLocal, false, false, 0},
		{installer.ScopeProject, true, true, 0},
		{installer.ScopeUser, true, false, 2},
		{installer.ScopeProvider, true, true, 0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if len(s.ConfigProblems) != 1 || s.ConfigProblems[0].Field != "supervisor.max_iterations" || !s.ConfigExists {
		t.Errorf("config problems %v (exists %t), want one on supervisor.max_iterations", s.ConfigProblems, s.ConfigExists)
	}
	if len(s.WorkflowProblems) != 1 || s.WorkflowProblems[0].Field != "workflow.notify" || s.Workflow.Notify {
		t.Errorf("workflow problems %v (notify %t), want one on workflow.notify and notify off", s.WorkflowProblems, s.Workflow.Notify)
	}
	if s.Home != paths.Home(getenv) {
		t.Errorf("home %s, want %s", s.Home, paths.Home(getenv))
	}
}

func TestLoadProjectIsHome(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	testfs.Write(t, filepath.Join(home, ".claude", "settings.json"), `{`, 0o644)
	s := Load(installer.Locator{Getenv: getenv, ProjectDir: home, ManagedPath: filepath.Join(home, "managed.json")})
	var scopes []string
	for _, f := range s.Files {
		scopes = append(scopes, f.Scope)
	}
	if diff := cmp.Diff([]string{"managed", "local", "user"}, scopes); diff != "" {
		t.Errorf("scopes (-want +got):\n%s", diff)
	}
}

type fixed []Result

func (fixed) Name() string                              { return "fixed" }
func (f fixed) Run(context.Context, *Snapshot) []Result { return f }

func TestRunOrdersErrorsFirst(t *testing.T) {
	checks := []Check{
		fixed{ok("a", ""), warn("b", "")},
		fixed{{Check: "named", Status: StatusError, Message: "c"}, ok("d", "")},
	}
	got := Run(context.Background(), snap(), checks)
	want := []Result{
		{Check: "named", Status: StatusError, Message: "c"},
		{Check: "fixed", Status: StatusWarn, Message: "b"},
		{Check: "fixed", Status: StatusOK, Message: "a"},
		{Check: "fixed", Status: StatusOK, Message: "d"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if !Failed(got) || Failed(got[1:]) {
		t.Errorf("Failed is wrong")
	}
}
