package cmd

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// machine is what a user has after installing ccc-hooks every way: the binary, the supervisor in
// the user settings with its slash commands and on by default, the workflow in a project (with
// its /mc commands), the ccc-hooks home those installs wrote, and a review prompt of the user's
// own. The project is left as the working directory's, unless elsewhere.
type machine struct {
	env                             *Env
	binary, user, project, commands string
	prompt                          string
}

func newMachine(t *testing.T) machine {
	t.Helper()
	env, _, errOut := testEnv(t)
	home := env.Getenv("HOME")
	m := machine{env: env, binary: filepath.Join(home, "bin", "ccc-hooks"), user: paths.Place{Getenv: env.Getenv}.UserFile()}
	mustMkdir(t, filepath.Dir(m.binary))
	if err := os.WriteFile(m.binary, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	inProject(t, env)
	project, _ := env.Getwd()
	m.project = paths.ProjectFile(project)
	m.commands = filepath.Join(paths.ConfigDir(env.Getenv), "commands")
	for _, args := range [][]string{
		{"install", "--yes", "--slash-commands"},
		{"install", "--yes", "--profile", "workflow", "--scope", "project"},
		{"supervisor", "on", "--default"},
	} {
		if code := Main(env, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	m.prompt = filepath.Join(paths.ConfigDir(env.Getenv), "SUPERVISOR.md")
	if err := os.WriteFile(m.prompt, []byte("Review strictly.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return m
}

// present lists which of the things ccc-hooks put on the machine are still there.
func (m machine) present() []string {
	var out []string
	for _, p := range []string{
		m.binary, m.user, m.project, filepath.Join(m.commands, "supervisor.md"),
		filepath.Join(filepath.Dir(m.project), "commands", "mc.md"), paths.ConfigFile(m.env.Getenv), paths.Home(m.env.Getenv),
	} {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// TestUninstallAll: uninstall --all lists everything ccc-hooks put on the machine and what it
// leaves; without a terminal it needs --yes; --dry-run and a "no" change nothing; with --yes the
// hooks come out of every file (the ones install created are removed), and the slash commands,
// ccc.json, the ccc-hooks home and the binary go; the user's own prompt file stays. Run from
// another directory, the project's hooks are found through the ledger all the same.
func TestUninstallAll(t *testing.T) {
	m := newMachine(t)
	all := m.present()
	if len(all) != 7 {
		t.Fatalf("the machine holds %q, want all seven", all)
	}
	env := m.env
	out := env.IO.Out.(interface{ String() string })
	errOut := env.IO.ErrOut.(interface{ String() string })

	if code := Main(env, []string{"uninstall", "--all"}); code != 2 ||
		!strings.Contains(errOut.String(), "without a terminal to ask on, pass --yes") {
		t.Fatalf("without a terminal: exit %d, %s", code, errOut)
	}
	if code := Main(env, []string{"uninstall", "--all", "--profile", "workflow", "--yes"}); code != 2 {
		t.Fatalf("--all with --profile: exit %d", code)
	}
	if code := Main(env, []string{"uninstall", "--all", "--dry-run"}); code != 0 {
		t.Fatalf("--dry-run: exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"uninstall --all would remove everything ccc-hooks put on this machine:",
		"  the supervisor hooks in " + m.user + " (user scope)",
		"  the workflow hooks in " + m.project + " (project scope)",
		"  /supervisor (" + filepath.Join(m.commands, "supervisor.md") + ")",
		"  /mc (" + filepath.Join(filepath.Dir(m.project), "commands", "mc.md") + ")",
		"  " + paths.ConfigFile(env.Getenv) + " (its settings)",
		"  " + paths.Home(env.Getenv) + " (ccc-hooks home: sessions' state, decision logs, and the backups of your settings files)",
		"  " + m.binary + " (this program)",
		"Left alone: " + m.prompt + ": your own review prompt, left as it is",
	} {
		if !slices.Contains(strings.Split(out.String(), "\n"), want) {
			t.Errorf("--dry-run lacks the line %q:\n%s", want, out)
		}
	}
	if got := m.present(); !slices.Equal(got, all) {
		t.Fatalf("--dry-run removed %q", slices.DeleteFunc(all, func(p string) bool { return slices.Contains(got, p) }))
	}

	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{false}}
	env.Prompter = p
	if code := Main(env, []string{"uninstall", "--all"}); code != 0 || !strings.HasSuffix(out.String(), "Nothing was changed.\n") ||
		p.defaults[0] != "false" || p.asked[0] != "Remove all of this?" {
		t.Fatalf("a no: exit %d, asked %q (default %q):\n%s", code, p.asked, p.defaults, out)
	}
	if got := m.present(); !slices.Equal(got, all) {
		t.Fatalf("a no removed %q", slices.DeleteFunc(all, func(p string) bool { return slices.Contains(got, p) }))
	}

	env.IO.Interactive = false
	elsewhere := filepath.Join(env.Getenv("HOME"), "elsewhere")
	mustMkdir(t, elsewhere)
	env.Getwd = func() (string, error) { return elsewhere, nil }
	if code := Main(env, []string{"uninstall", "--all", "--yes"}); code != 0 {
		t.Fatalf("--yes: exit %d: %s", code, errOut)
	}
	if got := m.present(); len(got) != 0 {
		t.Errorf("left after --yes: %q\n%s", got, out)
	}
	if _, err := os.Stat(m.prompt); err != nil {
		t.Errorf("the user's own prompt is gone: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(m.project)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the project's .claude folder, which install made, is still there (%v)", err)
	}
	for _, want := range []string{"Removed " + m.binary + ".", "ccc-hooks is uninstalled."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out2 := len(out.String())
	if code := Main(env, []string{"uninstall", "--all", "--yes"}); code != 0 ||
		!strings.Contains(out.String()[out2:], "Nothing of ccc-hooks is left on this machine to remove.") {
		t.Errorf("again: exit %d:\n%s", code, out.String()[out2:])
	}
}

// TestUninstallAllKeepsSharedConfig: a ccc.json that holds another program's keys (ccc reads the
// same file) stays whole, and the note says which keys are ccc-hooks's.
func TestUninstallAllKeepsSharedConfig(t *testing.T) {
	m := newMachine(t)
	cfg := paths.ConfigFile(m.env.Getenv)
	data := `{"supervisor": {"enabled": true}, "theme": "dark"}` + "\n"
	if err := os.WriteFile(cfg, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := Main(m.env, []string{"uninstall", "--all", "--yes"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(cfg); string(b) != data {
		t.Errorf("ccc.json = %q, want it kept as it was", b)
	}
	if want := "Left alone: " + cfg + ": left as it is, since it holds keys of other programs too (theme); take out supervisor, workflow, retention_days by hand"; !strings.Contains(m.env.IO.Out.(interface{ String() string }).String(), want) {
		t.Errorf("output lacks %q", want)
	}
}

// TestUninstallAllKeepsWhatHooksStillNeed: hooks that cannot be taken out of a file (here a user
// settings file made read-only, which ccc-hooks refuses to write, as root too) stay, and so do the home (its ledger makes their uninstall exact
// later) and the binary (they run it); the error says so and how to finish. The other files'
// hooks go.
func TestUninstallAllKeepsWhatHooksStillNeed(t *testing.T) {
	m := newMachine(t)
	if err := os.Chmod(m.user, 0o444); err != nil {
		t.Fatal(err)
	}
	errOut := m.env.IO.ErrOut.(interface{ String() string })
	if code := Main(m.env, []string{"uninstall", "--all", "--yes"}); code != 1 ||
		!strings.Contains(errOut.String(), "were kept, since hooks that need them are still installed") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := m.present()
	for _, kept := range []string{m.binary, m.user, paths.Home(m.env.Getenv)} {
		if !slices.Contains(got, kept) {
			t.Errorf("%s was removed while hooks still need it", kept)
		}
	}
	if slices.Contains(got, m.project) {
		t.Errorf("the project's hooks were not taken out")
	}
}

// TestUninstallAllWithThePlugin: with a ccc-hooks plugin installed beside the settings install,
// uninstall --all does not end saying that ccc-hooks is uninstalled as if nothing were left: it
// says that Claude Code still has the plugin, with the command that removes it.
func TestUninstallAllWithThePlugin(t *testing.T) {
	m := newMachine(t)
	env := m.env
	plugins := filepath.Join(paths.ConfigDir(env.Getenv), "plugins")
	cache := filepath.Join(plugins, "cache", "ccc-hooks", "supervisor", "1.0")
	testfs.Write(t, filepath.Join(plugins, "installed_plugins.json"), `{"version": 2, "plugins": {"supervisor@ccc-hooks": [`+
		`{"scope": "user", "installPath": "`+cache+`", "version": "1.0"}]}}`, 0o644)
	testfs.Write(t, filepath.Join(cache, "hooks", "hooks.json"), `{"hooks": {}}`, 0o644)
	out := env.IO.Out.(interface {
		String() string
		Reset()
	})
	out.Reset()
	if code := Main(env, []string{"uninstall", "--all", "--yes"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := "ccc-hooks is uninstalled from the settings files, but Claude Code still has its plugin installed: " +
		"`claude plugin uninstall supervisor@ccc-hooks` removes it. Claude Code sessions started before this still hold its hooks: restart them."
	if last := lines[len(lines)-1]; last != want {
		t.Errorf("uninstall --all ends\n%s\nwant\n%s", last, want)
	}
}
