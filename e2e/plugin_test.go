//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/plugins"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// validation is what `claude plugin validate --json` reports.
type validation struct {
	Success  bool `json:"success"`
	Manifest struct {
		Errors   []struct{ Path, Message string } `json:"errors"`
		Warnings []struct{ Path, Message string } `json:"warnings"`
	} `json:"manifest"`
	Contents []struct {
		File     string            `json:"file"`
		Errors   []json.RawMessage `json:"errors"`
		Warnings []json.RawMessage `json:"warnings"`
	} `json:"contents"`
	Provides struct {
		Hooks []struct {
			Event, Matcher, Type, Command string
		} `json:"hooks"`
		Commands []string `json:"commands"`
	} `json:"provides"`
}

// TestPluginValidates: `claude plugin validate` passes for the marketplace and for each plugin,
// with no error and no warning but the missing version (on purpose: every commit is a version),
// and Claude Code reads from each plugin the profile's events, each running `ccc-hooks hook`
// behind the guard for a missing program (the command as hooks.json spells it), and the plugin's
// commands.
func TestPluginValidates(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(*Request) Reply { return Say("unused") })
	root := Checkout(t)
	targets := []string{root}
	for _, p := range installer.Profiles() {
		targets = append(targets, p.Name) // a plugin for each profile, of its name
	}
	for _, target := range targets {
		dir := target
		if target != root {
			dir = filepath.Join(root, "plugins", target)
		}
		res := sc.MustClaude(t, "plugin", "validate", "--json", dir)
		var v validation
		if err := json.Unmarshal([]byte(res.Stdout), &v); err != nil {
			t.Fatalf("claude plugin validate --json %s: %v\n%s", dir, err, res.Stdout)
		}
		if !v.Success || len(v.Manifest.Errors) != 0 {
			t.Errorf("claude plugin validate %s: success %v, errors %v", dir, v.Success, v.Manifest.Errors)
		}
		for _, w := range v.Manifest.Warnings {
			if !strings.HasSuffix(w.Path, "version") {
				t.Errorf("claude plugin validate %s warns: %s: %s", dir, w.Path, w.Message)
			}
		}
		for _, c := range v.Contents {
			if len(c.Errors)+len(c.Warnings) != 0 {
				t.Errorf("claude plugin validate %s: %s: errors %s, warnings %s", dir, c.File, c.Errors, c.Warnings)
			}
		}
		if target == root {
			continue
		}
		profile, err := installer.ProfileByName(target)
		if err != nil {
			t.Fatal(err)
		}
		var gotHooks, wantHooks, gotCmds, wantCmds []string
		for _, h := range v.Provides.Hooks {
			gotHooks = append(gotHooks, installer.Event{Hook: h.Event, Matcher: h.Matcher}.Label()+" "+h.Type+" "+h.Command)
		}
		hooks, err := os.ReadFile(filepath.Join(dir, "hooks", "hooks.json"))
		if err != nil {
			t.Fatal(err)
		}
		handlers, err := settings.Handlers(hooks)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range profile.Events {
			if i >= len(handlers) || !hookcmd.IsOurs(handlers[i].Command) {
				t.Fatalf("plugin %s: hooks.json has no ccc-hooks hook for %s", target, e.Label())
			}
			wantHooks = append(wantHooks, e.Label()+" command "+handlers[i].Command)
		}
		gotCmds = v.Provides.Commands
		for _, c := range plugins.Commands(target) {
			wantCmds = append(wantCmds, target+":"+c.Name)
		}
		if strings.Join(gotHooks, "\n") != strings.Join(wantHooks, "\n") || strings.Join(gotCmds, " ") != strings.Join(wantCmds, " ") {
			t.Errorf("plugin %s provides hooks %q and commands %q; want %q and %q", target, gotHooks, gotCmds, wantHooks, wantCmds)
		}
	}
}

const (
	pluginFeedback = "Run the tests before stopping."
	pluginFirst    = "Implemented it. Done."
	pluginSecond   = "Ran the tests. Done."
)

// checkOneReviewPerStop: two stops (blocked, then allowed), each reviewed once; the block reached
// the model once (one answer; the copies printed nothing).
func (sc *scenario) checkOneReviewPerStop(t *testing.T, session string, pr PrintResult) {
	t.Helper()
	if pr.Result != pluginSecond {
		t.Errorf("final result = %q, want %q", pr.Result, pluginSecond)
	}
	if n := len(sc.api.Supervisor()); n != 2 {
		t.Errorf("supervisor reviews = %d, want 2 (one per Stop)", n)
	}
	agent := sc.api.Agent()
	if len(agent) != 2 {
		t.Fatalf("agent requests = %d, want 2 (before and after the block)", len(agent))
	}
	if n := feedbackTurns(agent[1], pluginFeedback); n != 1 {
		t.Errorf("the feedback reached the model %d times, want once; texts: %q", n, agent[1].Texts())
	}
	if st, _ := sc.State(t, session); st.Count != 2 {
		t.Errorf("state count = %d, want 2", st.Count)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:block", "Stop:allow")
}

// TestPluginStopReview: `claude plugin marketplace add <checkout>` and `claude plugin install
// supervisor@ccc-hooks` in a fresh HOME; no settings hooks at all; the session's Stop runs
// `ccc-hooks hook` from the plugin (Claude Code names that command in the block), one review.
func TestPluginStopReview(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, blockOnceScript(pluginFeedback, pluginFirst, pluginSecond))
	sc.InstallPlugin(t, "supervisor")
	if got := sc.ReadFile(t, sc.SettingsPath()); strings.Contains(got, `"hooks"`) {
		t.Fatalf("user settings hold hooks; this test is about the plugin's alone:\n%s", got)
	}
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Implement the parser.")

	sc.checkOneReviewPerStop(t, session, pr)
	if want := stopBlockingError(reviewing, pluginFeedback); sc.api.Agent()[1].CountTextsContaining(want) != 1 {
		t.Errorf("the block does not come from the plugin's hook: no %q in %q", want, sc.api.Agent()[1].Texts())
	}
	doctor := sc.MustCCC(t, sc.product, "doctor", "--json").Stdout
	if !strings.Contains(doctor, `"plugin supervisor@ccc-hooks (user scope) runs ccc-hooks on Stop, PreToolUse[AskUserQuestion]"`) {
		t.Errorf("doctor does not report the installed plugin:\n%s", doctor)
	}
}

// TestPluginBesideSettings: the plugin and a settings install (`ccc-hooks install --scope user`)
// side by side. Claude Code runs both hooks on every Stop (both are traced), yet each Stop is
// reviewed once; doctor says so.
func TestPluginBesideSettings(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, blockOnceScript(pluginFeedback, pluginFirst, pluginSecond))
	sc.InstallPlugin(t, "supervisor")
	settingsBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "opt"))
	res := sc.Run(t, 30*time.Second, settingsBin.Path, "install", "--scope", "user", "--yes")
	if res.ExitCode != 0 || !strings.Contains(sc.ReadFile(t, sc.SettingsPath()), settingsBin.HookCommand()) {
		t.Fatalf("install: exit %d, %s\nsettings:\n%s", res.ExitCode, res.Stderr, sc.ReadFile(t, sc.SettingsPath()))
	}
	runs := sc.NewHookRuns(t)
	runs.Trace(t, sc.Sandbox, filepath.Join(sc.Bin, "ccc-hooks"), "plugin", sc.product)
	runs.Trace(t, sc.Sandbox, settingsBin.Path, "settings", sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Implement the parser.")

	if p, s := runs.Count(t, sc.Sandbox, "plugin"), runs.Count(t, sc.Sandbox, "settings"); p != 2 || s != 2 {
		t.Errorf("hooks run: plugin %d, settings %d; want 2 each (both run on each of the two Stops)", p, s)
	}
	sc.checkOneReviewPerStop(t, session, pr)
	// doctor's rows agree: the double-firing row says the plugin and the settings both run, and
	// the plugin row points there.
	doctor := sc.MustCCC(t, sc.product, "doctor", "--json").Stdout
	var rows []struct{ Check, Status, Message string }
	if err := json.Unmarshal([]byte(doctor), &rows); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, doctor)
	}
	said := map[string]string{}
	for _, r := range rows {
		said[r.Check] += r.Status + ": " + r.Message + "\n"
	}
	for check, want := range map[string]string{
		"double-firing": "ok: plugin supervisor@ccc-hooks (user scope) and user settings both run ccc-hooks on Stop, PreToolUse[AskUserQuestion]: " +
			"Claude Code runs both, and ccc-hooks answers such copies of one event once",
		"plugin": "ok: plugin supervisor@ccc-hooks (user scope) runs ccc-hooks on Stop, PreToolUse[AskUserQuestion]; user settings runs it " +
			"on Stop, PreToolUse[AskUserQuestion] too (see double-firing)",
	} {
		if !strings.HasPrefix(said[check], want) || strings.Count(said[check], "\n") != 1 {
			t.Errorf("doctor's %s row: %q, want one row starting %q", check, said[check], want)
		}
	}
}

// TestTwoSettingsScopesOneReview: user settings installed from one binary path, the project's
// local settings from a copy at another path. Claude Code runs both commands in parallel on every
// Stop (both traced), yet each Stop is reviewed once.
func TestTwoSettingsScopesOneReview(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, blockOnceScript(pluginFeedback, pluginFirst, pluginSecond))
	userBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "user-bin"))
	projectBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "project-bin"))
	for _, in := range []struct {
		bin  Product
		args []string
		file string
	}{
		{userBin, []string{"install", "--scope", "user", "--yes"}, sc.SettingsPath()},
		{projectBin, []string{"install", "--scope", "local", "--yes"}, filepath.Join(sc.Project, ".claude", "settings.local.json")},
	} {
		res := sc.Run(t, 30*time.Second, in.bin.Path, in.args...)
		if res.ExitCode != 0 || !strings.Contains(sc.ReadFile(t, in.file), in.bin.HookCommand()) {
			t.Fatalf("%s: exit %d, %s\n%s:\n%s", strings.Join(in.args, " "), res.ExitCode, res.Stderr, in.file, sc.ReadFile(t, in.file))
		}
	}
	runs := sc.NewHookRuns(t)
	runs.Trace(t, sc.Sandbox, userBin.Path, "user", sc.product)
	runs.Trace(t, sc.Sandbox, projectBin.Path, "project", sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)

	pr := sc.agentStops(t, session, "Implement the parser.")

	if u, p := runs.Count(t, sc.Sandbox, "user"), runs.Count(t, sc.Sandbox, "project"); u != 2 || p != 2 {
		t.Errorf("hooks run: user %d, project %d; want 2 each (both run on each of the two Stops)", u, p)
	}
	sc.checkOneReviewPerStop(t, session, pr)
}

// TestPluginSlashCommands: with only the plugin installed, `/supervisor` typed into interactive
// Claude Code and Enter picks the plugin's command, /supervisor:supervisor (Claude Code names
// plugin commands plugin:command), which runs `ccc-hooks supervisor on` from PATH for this
// session: the session's Stop is then reviewed. `/supervisor:supervisor-off` turns it off again:
// the next Stop is not.
func TestPluginSlashCommands(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	sc := newOnOffScenario(t)
	sc.InstallPlugin(t, "supervisor")
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session)

	typeSupervisorOnOff(t, sc, term, session, "/supervisor:supervisor-off", "❯ /supervisor:supervisor")
}

// TestPluginBesideSettingsDeniesQuestionOnce: interactive, the plugin beside a settings install.
// Both PreToolUse hooks run on the agent's question; one review denies it (the copy answers
// nothing, and Claude Code's merge keeps the deny): the question never shows and the model gets
// the denial once. The Stop after it is reviewed once too.
func TestPluginBesideSettingsDeniesQuestionOnce(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const feedback = "Decide yourself: the project already uses Postgres."
	const done = "Going with Postgres."
	sc := newScenario(t, denyQuestionScript(feedback, done))
	sc.InstallPlugin(t, "supervisor")
	settingsBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "opt"))
	if res := sc.Run(t, 30*time.Second, settingsBin.Path, "install", "--scope", "user", "--yes"); res.ExitCode != 0 {
		t.Fatalf("install: exit %d, %s", res.ExitCode, res.Stderr)
	}
	runs := sc.NewHookRuns(t)
	runs.Trace(t, sc.Sandbox, filepath.Join(sc.Bin, "ccc-hooks"), "plugin", sc.product)
	runs.Trace(t, sc.Sandbox, settingsBin.Path, "settings", sc.product)
	sc.EnableSupervisor(t, sc.product)
	session := NewSessionID(t)
	term := sc.StartTerminal(t, tmux, sc.Claude.Path, "--session-id", session, askPrompt)

	waitAnswerWithoutQuestion(t, term, done, 90*time.Second)
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "PreToolUse:deny", "Stop:allow")
	if p, s := runs.Count(t, sc.Sandbox, "plugin"), runs.Count(t, sc.Sandbox, "settings"); p != 2 || s != 2 {
		t.Errorf("hooks run: plugin %d, settings %d; want 2 each (the question and the stop)", p, s)
	}
	if n := len(sc.api.Supervisor()); n != 2 {
		t.Errorf("supervisor reviews = %d, want 2 (the question, then the stop)", n)
	}
	result := toolResultAfterAsk(t, sc.api)
	if want := deniedPrefix + feedback; result.ResultText() != want || !result.IsError {
		t.Errorf("tool result = %q (is_error %v), want %q (is_error true)", result.ResultText(), result.IsError, want)
	}
}
