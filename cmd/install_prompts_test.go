package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// installed writes the user settings with our Stop entry only (timeout 300) and the supervisor
// on by default, as a first install would have left them.
func installedStopOnly(t *testing.T, env *Env) string {
	t.Helper()
	if code := Main(env, []string{"install", "--yes", "--events", "stop", "--timeout", "300"}); code != 0 {
		t.Fatalf("first install: exit %d", code)
	}
	if code := Main(env, []string{"supervisor", "on", "--default"}); code != 0 {
		t.Fatalf("supervisor on --default: exit %d", code)
	}
	return paths.Place{Getenv: env.Getenv}.UserFile()
}

// TestInstallPromptsOfferWhatIsInstalled: every question offers the value installed now.
func TestInstallPromptsOfferWhatIsInstalled(t *testing.T) {
	env, _, _ := testEnv(t)
	path := installedStopOnly(t, env)
	before, _ := os.ReadFile(path)
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{
		0,        // scope: user
		[]int{0}, // events: stop, as offered
		"",       // timeout: enter takes the default
		false,    // slash commands
		true,     // supervisor on by default: as it is
		false,    // checks: none, as it is
	}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	// scope, events, timeout, slash commands (none installed), supervisor default, checks (no
	// confirmation: nothing changes)
	want := []string{"0", "[0]", "300", "false", "true", "false"}
	if diff := cmp.Diff(want, p.defaults); diff != "" {
		t.Errorf("defaults offered (-want +got):\n%s", diff)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(after, before) {
		t.Errorf("taking every default changed the file:\n%s", after)
	}
}

// TestInstallPromptReasksBadTimeout: a bad timeout is refused with its reason and asked again.
func TestInstallPromptReasksBadTimeout(t *testing.T) {
	env, _, _ := testEnv(t)
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{0, []int{0, 1}, "abc", "600000", "1.5", "45", false, false, false, true}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := []string{
		`"abc" is not a whole number of seconds`,
		`600000: want seconds between 1 and 86400 (Claude Code reads timeouts in seconds, not milliseconds)`,
		`"1.5" is not a whole number of seconds`,
	}
	if diff := cmp.Diff(want, p.invalid); diff != "" {
		t.Errorf("reasons shown (-want +got):\n%s", diff)
	}
	data, _ := os.ReadFile(paths.Place{Getenv: env.Getenv}.UserFile())
	if strings.Count(string(data), `"timeout": 45`) != 2 {
		t.Errorf("settings do not carry the timeout typed last:\n%s", data)
	}
}

// TestInstallPromptNoTurnsSupervisorOff: "No" to the default question when it is on turns it off.
func TestInstallPromptNoTurnsSupervisorOff(t *testing.T) {
	env, out, _ := testEnv(t)
	installedStopOnly(t, env)
	out.Reset()
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{0, []int{0}, "", false, false, false, true}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	cfg, _ := os.ReadFile(paths.ConfigFile(env.Getenv))
	if !strings.Contains(string(cfg), `"enabled": false`) {
		t.Errorf("ccc.json = %s, want the supervisor off by default", cfg)
	}
	if q := p.asked[len(p.asked)-1]; q != "Write these changes to "+paths.ConfigFile(env.Getenv)+"?" {
		t.Errorf("confirmation = %q", q)
	}
	// Said once: by the next steps, not again by the line of ccc.json.
	if line := "The supervisor is off by default: it reviews no session until you turn it on."; !slices.Contains(strings.Split(out.String(), "\n"), line) ||
		strings.Count(out.String(), "off by default") != 1 {
		t.Errorf("stdout does not say once %q:\n%s", line, out)
	}
	if summary := "  " + paths.ConfigFile(env.Getenv) + ": turns the supervisor off for every session without a switch of its own\n"; !strings.Contains(out.String(), summary) {
		t.Errorf("the summary does not say in words what changes in ccc.json (%q):\n%s", summary, out)
	}
}

// TestInstallPromptEventsNarrow: unticking an installed event takes it out.
func TestInstallPromptEventsNarrow(t *testing.T) {
	env, _, _ := testEnv(t)
	if code := Main(env, []string{"install", "--yes"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{0, []int{1}, "", false, false, false, true}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if p.defaults[1] != "[0 1]" {
		t.Errorf("events offered %s, want both (installed)", p.defaults[1])
	}
	data, _ := os.ReadFile(paths.Place{Getenv: env.Getenv}.UserFile())
	if strings.Contains(string(data), `"Stop"`) || !strings.Contains(string(data), "AskUserQuestion") {
		t.Errorf("settings = %s, want PreToolUse[AskUserQuestion] only", data)
	}
}

// TestInstallFileNeedsItsDirectory: --file into a missing directory creates nothing.
func TestInstallFileNeedsItsDirectory(t *testing.T) {
	env, _, errOut := testEnv(t)
	missing := filepath.Join(env.Getenv("HOME"), "typo")
	if code := Main(env, []string{"install", "--file", filepath.Join(missing, "settings.json")}); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), "directory "+missing+" does not exist") {
		t.Errorf("stderr = %q", errOut)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("%s was created (stat: %v)", missing, err)
	}
}

// TestInstallLegacyQuestionCountsChosenEvents: the question about entries of the older
// `ccc supervisor-hook` counts those that answering yes replaces — in the chosen events only.
func TestInstallLegacyQuestionCountsChosenEvents(t *testing.T) {
	env, _, errOut := testEnv(t)
	user := paths.Place{Getenv: env.Getenv}.UserFile()
	mustMkdir(t, filepath.Dir(user))
	legacy := `{"hooks": [{"type": "command", "command": "ccc supervisor-hook"}]}`
	if err := os.WriteFile(user, []byte(`{"hooks": {"Stop": [`+legacy+`], "PreToolUse": [{"matcher": "AskUserQuestion", `+legacy[1:]+`]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	env.IO.Interactive = true
	p := &scriptedPrompter{t: t, answers: []any{0, []int{0}, "600", true, false, false, false, true}}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "Found 1 entry of the older `ccc supervisor-hook` (ccc supervisor-hook). Replace them with ccc-hooks?"; !slices.Contains(p.asked, want) {
		t.Errorf("questions %q lack %q", p.asked, want)
	}
	data, _ := os.ReadFile(user)
	if n := strings.Count(string(data), "ccc supervisor-hook"); n != 1 {
		t.Errorf("%d legacy entries left, want the PreToolUse one (not chosen):\n%s", n, data)
	}
}

// inProject makes env's working directory a project folder below its home directory, src/app.
func inProject(t *testing.T, env *Env) {
	t.Helper()
	dir := filepath.Join(env.Getenv("HOME"), "src", "app")
	mustMkdir(t, dir)
	env.Getwd = func() (string, error) { return dir, nil }
}

// TestInstallRerunKeepsTheAnswers: a re-run of install on a terminal offers what the last run
// chose — the scope it installed into (local, here), its events and timeout, no slash commands
// where it wrote none, the supervisor default — so Enter throughout asks no confirmation and
// changes no file.
func TestInstallRerunKeepsTheAnswers(t *testing.T) {
	env, out, _ := testEnv(t)
	inProject(t, env)
	if code := Main(env, []string{"install", "--yes", "--scope", "local", "--events", "stop", "--timeout", "90"}); code != 0 {
		t.Fatalf("first install: exit %d", code)
	}
	local := filepath.Join(env.Getenv("HOME"), "src", "app", ".claude", "settings.local.json")
	before, err := os.ReadFile(local)
	if err != nil {
		t.Fatal(err)
	}
	env.IO.Interactive = true
	p := &enterPrompter{}
	env.Prompter = p
	out.Reset()
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("re-run: exit %d", code)
	}
	// scope (user, project, local, …: local), events, timeout, slash commands, supervisor default,
	// checks
	want := []string{"2", "[0]", "90", "false", "false", "false"}
	if diff := cmp.Diff(want, p.defaults); diff != "" {
		t.Errorf("defaults offered (-want +got):\n%s", diff)
	}
	after, _ := os.ReadFile(local)
	if !bytes.Equal(after, before) || !strings.Contains(out.String(), "already installed, nothing changed") {
		t.Errorf("Enter throughout changed %s or said otherwise:\n%s\n%s", local, after, out)
	}
	for _, f := range []string{paths.Place{Getenv: env.Getenv}.UserFile(), filepath.Join(paths.ConfigDir(env.Getenv), "commands"), paths.ConfigFile(env.Getenv)} {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("Enter throughout made %s (%v)", f, err)
		}
	}
}

// TestInstallFromHomeOffersNoProject: run in the home directory, where the project settings file
// is the user's own, the scope question leaves project out and says why; Enter installs into the
// user settings with this binary's path, never the bare `ccc-hooks hook` of project scope.
func TestInstallFromHomeOffersNoProject(t *testing.T) {
	env, out, _ := testEnv(t)
	env.IO.Interactive = true
	p := &enterPrompter{}
	env.Prompter = p
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	home := env.Getenv("HOME")
	note := "Here, in " + home + ", the project settings file is your user settings file (" + paths.Place{Getenv: env.Getenv}.UserFile() +
		"), so the project scope is not offered: to install for a project, run this in the project's directory, or with --project-dir DIR."
	if !slices.Contains(strings.Split(out.String(), "\n"), note) {
		t.Errorf("stdout lacks the line %q:\n%s", note, out)
	}
	if len(p.options) == 0 || slices.ContainsFunc(p.options[0], func(o string) bool { return strings.HasPrefix(o, "project ") }) {
		t.Errorf("scopes offered %q, want no project", p.options)
	}
	data, _ := os.ReadFile(paths.Place{Getenv: env.Getenv}.UserFile())
	if !strings.Contains(string(data), `"command": "`+filepath.Join(home, "bin", "ccc-hooks")+` hook"`) {
		t.Errorf("user settings = %s, want this binary's path", data)
	}
}

// enterPrompter presses Enter at every question: it takes each default, and records the defaults
// offered (formatted as scriptedPrompter does) and each Select's options.
type enterPrompter struct {
	defaults []string
	options  [][]string
}

func (p *enterPrompter) Select(_ string, options []string, def int) (int, error) {
	p.defaults = append(p.defaults, strconv.Itoa(def))
	p.options = append(p.options, options)
	return def, nil
}

func (p *enterPrompter) MultiSelect(_ string, _ []string, def []int) ([]int, error) {
	p.defaults = append(p.defaults, fmt.Sprint(def))
	return def, nil
}

func (p *enterPrompter) Input(_, def string, _ func(string) error) (string, error) {
	p.defaults = append(p.defaults, def)
	return def, nil
}

func (p *enterPrompter) Confirm(_ string, def bool) (bool, error) {
	p.defaults = append(p.defaults, strconv.FormatBool(def))
	return def, nil
}
