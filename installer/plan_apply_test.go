package installer

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/google/go-cmp/cmp"
)

// recordingUI keeps what applying a plan says, shows and asks; it answers yes unless no is set.
type recordingUI struct {
	said, warned, diffs, asked []string
	no                         bool
	// both holds what was said and warned, in order, warnings marked so.
	both []string
}

func (u *recordingUI) Say(line string) error {
	u.said, u.both = append(u.said, line), append(u.both, line)
	return nil
}

func (u *recordingUI) Warn(msg string) {
	u.warned, u.both = append(u.warned, msg), append(u.both, "warning: "+msg)
}
func (u *recordingUI) Diff(d Diff) error { u.diffs = append(u.diffs, d.To); return nil }
func (u *recordingUI) Confirm(q string) (bool, error) {
	u.asked = append(u.asked, q)
	return !u.no, nil
}

// TestApplyInstallThenUninstall: an install says what it wrote and records the installation with
// the arguments that put it back; the uninstall that follows takes every file out again and
// forgets it; a second uninstall has nothing to remove and says so.
func TestApplyInstallThenUninstall(t *testing.T) {
	loc := testLocator(t, "")
	tg := target(t, loc, ScopeUser)
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	plan, err := PlanInstall(loc, tg, InstallDecisions{
		Profile: Supervisor, Events: Supervisor.Events, Timeout: 600, SlashCommands: true,
	}, "/opt/bin/ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	ui := &recordingUI{}
	out, err := plan.Apply(ApplyOptions{UI: ui, Now: func() time.Time { return at }})
	if err != nil || !out.Wrote || out.Note != "" {
		t.Fatalf("install: %+v, %v", out, err)
	}
	config := filepath.Join(loc.Getenv("HOME"), ".claude")
	want := []string{
		"Installed the supervisor hooks (Stop, PreToolUse[AskUserQuestion]) into " + tg.String() + ".",
		"Wrote /supervisor (" + filepath.Join(config, "commands", "supervisor.md") + ").",
		"Wrote /supervisor-off (" + filepath.Join(config, "commands", "supervisor-off.md") + ").",
	}
	if diff := cmp.Diff(want, ui.said); diff != "" {
		t.Errorf("install said (-want +got):\n%s", diff)
	}
	l := readLedger(paths.Home(loc.Getenv), tg.Path)
	wantRec := []InstallNote{{
		Profile: "supervisor", Events: []string{"Stop", "PreToolUse[AskUserQuestion]"}, At: at,
		Reinstall: []string{"install", "--profile", "supervisor", "--events", "stop,ask-user-question", "--scope", "user"},
	}}
	if l == nil || !cmp.Equal(wantRec, InstallNotes(l)) {
		t.Fatalf("ledger %+v, want installs %+v", l, wantRec)
	}

	ui = &recordingUI{}
	if out, err = PlanUninstall(loc, tg, Supervisor).Apply(ApplyOptions{UI: ui}); err != nil || !out.Wrote {
		t.Fatalf("uninstall: %+v, %v", out, err)
	}
	if len(ui.said) != 3 || !strings.HasSuffix(ui.said[0], "was created by ccc-hooks and is gone again.") {
		t.Errorf("uninstall said %q", ui.said)
	}
	for _, p := range []string{tg.Path, filepath.Join(config, "commands", "supervisor.md")} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left after uninstall (%v)", p, err)
		}
	}
	if l := readLedger(paths.Home(loc.Getenv), tg.Path); l != nil {
		t.Errorf("ledger left after uninstall: %+v", l)
	}

	ui = &recordingUI{}
	out, err = PlanUninstall(loc, tg, Supervisor).Apply(ApplyOptions{UI: ui})
	if err != nil || out.Wrote || !strings.HasPrefix(out.Note, tg.String()+": no supervisor hooks of ccc-hooks, nothing to remove.\n") {
		t.Errorf("second uninstall: %+v, %v", out, err)
	}
}

// TestApplyShowsBeforeWriting: a dry run shows every change and writes nothing; when asking, a
// "no" writes nothing either, and a "yes" writes what was shown. Right above the question, one
// line per file (command files of one folder together) says what it changes, so that on a small
// terminal what is confirmed is on screen however long the diffs were.
func TestApplyShowsBeforeWriting(t *testing.T) {
	tests := []struct {
		name        string
		dryRun, ask bool
		no          bool
		written     bool
		said        []string
	}{
		{name: "dry run", dryRun: true},
		{name: "asked, no", ask: true, no: true, said: []string{"Nothing was changed."}},
		{name: "asked, yes", ask: true, written: true},
	}
	summary := func(dir string) []string {
		return []string{
			"Changes to write:",
			"  " + filepath.Join(dir, ".claude", "settings.json") + " (new): adds UserPromptSubmit, Stop, SubagentStop, PreToolUse[Edit|Write|MultiEdit] running `ccc-hooks hook` (timeout 600 s)",
			"  " + filepath.Join(dir, ".claude", "commands") + string(filepath.Separator) + " (new): /mc, /mc-confirm, /mc-review",
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := testLocator(t, "")
			tg := target(t, loc, ScopeProject)
			plan, err := PlanInstall(loc, tg, InstallDecisions{Profile: Workflow, Events: Workflow.Events, Timeout: 600}, "/opt/bin/ccc-hooks")
			if err != nil {
				t.Fatal(err)
			}
			ui := &recordingUI{no: tt.no}
			out, err := plan.Apply(ApplyOptions{UI: ui, DryRun: tt.dryRun, Ask: tt.ask})
			if err != nil || out.Wrote != tt.written {
				t.Fatalf("got %+v, %v; want written %v", out, err, tt.written)
			}
			if len(ui.diffs) != 4 {
				t.Errorf("diffs of %q, want the settings file and three commands", ui.diffs)
			}
			if tt.ask != (len(ui.asked) == 1) || tt.ask && ui.asked[0] != "Write these changes to 4 files?" {
				t.Errorf("asked %q", ui.asked)
			}
			if _, err := os.Stat(tg.Path); tt.written == errors.Is(err, os.ErrNotExist) {
				t.Errorf("written %v, but stat says %v", tt.written, err)
			}
			said := ui.said
			if tt.ask {
				if diff := cmp.Diff(summary(loc.ProjectDir), said[:min(3, len(said))]); diff != "" {
					t.Errorf("the summary before the question (-want +got):\n%s", diff)
				}
				said = said[min(3, len(said)):]
			}
			if tt.written {
				if len(said) != 4 {
					t.Errorf("said %q after writing four files", said)
				}
				return
			}
			if diff := cmp.Diff(tt.said, said); diff != "" {
				t.Errorf("said (-want +got):\n%s", diff)
			}
			if l := readLedger(paths.Home(loc.Getenv), tg.Path); l != nil {
				t.Errorf("ledger written without writing the file: %+v", l)
			}
		})
	}
}

// TestApplyWarnsOfKeptLegacy: without replacing them, entries of the older `ccc supervisor-hook`
// are kept, and said to be when nobody was asked (and only when there are some).
func TestApplyWarnsOfKeptLegacy(t *testing.T) {
	for _, warn := range []bool{true, false} {
		loc := testLocator(t, "")
		tg := target(t, loc, ScopeUser)
		testfs.Write(t, tg.Path, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc supervisor-hook"}]}]}}`, 0o644)
		other := target(t, loc, ScopeProvider) // without entries of the older command: no warning
		testfs.Write(t, other.Path, `{}`, 0o644)
		otherPlan, err := PlanInstall(loc, other, InstallDecisions{Profile: Supervisor, Events: Supervisor.Events, Timeout: 600, WarnLegacy: warn}, "/opt/bin/ccc-hooks")
		if err != nil {
			t.Fatal(err)
		}
		quiet := &recordingUI{}
		if _, err := otherPlan.Apply(ApplyOptions{UI: quiet}); err != nil || len(quiet.warned) != 0 {
			t.Errorf("no older entries: warned %q, %v", quiet.warned, err)
		}
		plan, err := PlanInstall(loc, tg, InstallDecisions{Profile: Supervisor, Events: Supervisor.Events, Timeout: 600, WarnLegacy: warn}, "/opt/bin/ccc-hooks")
		if err != nil {
			t.Fatal(err)
		}
		ui := &recordingUI{}
		if _, err := plan.Apply(ApplyOptions{UI: ui}); err != nil {
			t.Fatal(err)
		}
		if got := len(ui.warned) == 1 && strings.HasPrefix(ui.warned[0], "kept 1 entry of the older"); got != warn {
			t.Errorf("warn %v: warned %q", warn, ui.warned)
		}
	}
}

// TestApplyAlreadyInstalled: an install that changes nothing says so, as a dry run too.
func TestApplyAlreadyInstalled(t *testing.T) {
	loc := testLocator(t, "")
	tg := target(t, loc, ScopeUser)
	testfs.Write(t, tg.Path, install(t, "{}", InstallSpec{Profile: Supervisor, Events: Supervisor.Events}), 0o644)
	for _, dryRun := range []bool{false, true} {
		plan, err := PlanInstall(loc, tg, InstallDecisions{Profile: Supervisor, Events: Supervisor.Events, Timeout: 600}, "/usr/local/bin/ccc-hooks")
		if err != nil {
			t.Fatal(err)
		}
		out, err := plan.Apply(ApplyOptions{UI: &recordingUI{}, DryRun: dryRun})
		want := tg.String() + ": already installed, nothing changed.\n"
		if dryRun {
			want = tg.String() + ": already installed, nothing would change.\n"
		}
		if err != nil || out.Wrote || out.Note != want {
			t.Errorf("dry run %v: got %+v, %v; want note %q", dryRun, out, err, want)
		}
	}
}

// TestLook: before asking, an install reads what the file holds of the profile (the events and
// their timeout) and the entries of the older command in the events chosen; a file it cannot
// use is an error naming it.
func TestLook(t *testing.T) {
	loc := testLocator(t, "")
	tg := target(t, loc, ScopeUser)
	stop := Supervisor.Events[:1]
	testfs.Write(t, tg.Path, install(t, `{"hooks": {"PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "ccc supervisor-hook"}]}]}}`,
		InstallSpec{Profile: Supervisor, Events: stop, Timeout: 300}), 0o644)
	look, err := loc.Look(tg, Supervisor)
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(look.Now, Installation{Events: stop, Timeout: 300}) {
		t.Errorf("now %+v", look.Now)
	}
	if got := look.Legacy(stop); len(got) != 0 {
		t.Errorf("legacy in Stop: %q", got)
	}
	if got := look.Legacy(Supervisor.Events); !cmp.Equal(got, []string{"ccc supervisor-hook"}) {
		t.Errorf("legacy in every event: %q", got)
	}
	for _, bad := range []string{"{", `{"hooks": {"Stop": {}}}`} {
		testfs.Write(t, tg.Path, bad, 0o644)
		if _, err := loc.Look(tg, Supervisor); err == nil || !strings.Contains(err.Error(), tg.Path) {
			t.Errorf("%s: got %v, want an error naming the file", bad, err)
		}
	}
}

// TestNextSteps: after an install, whether the supervisor reviews sessions and how to turn it on
// (with /supervisor when it is there) or off; for the workflow, /mc when it is in place.
func TestNextSteps(t *testing.T) {
	tests := []struct {
		name    string
		profile Profile
		scope   string
		files   map[string]string // from the home, or <project>/
		want    []string
	}{
		{"supervisor off", Supervisor, ScopeUser, nil, []string{
			"The supervisor is off by default: it reviews no session until you turn it on.",
			"Turn it on for every session with `ccc-hooks supervisor on --default`.",
		}},
		{"supervisor off, with /supervisor", Supervisor, ScopeUser, map[string]string{".claude/commands/supervisor.md": slashMarker}, []string{
			"The supervisor is off by default: it reviews no session until you turn it on.",
			"Turn it on for every session with `ccc-hooks supervisor on --default`, or for one session with /supervisor.",
		}},
		{"supervisor off, a foreign /supervisor", Supervisor, ScopeUser, map[string]string{".claude/commands/supervisor.md": "mine"}, []string{
			"The supervisor is off by default: it reviews no session until you turn it on.",
			"Turn it on for every session with `ccc-hooks supervisor on --default`.",
		}},
		{"supervisor on", Supervisor, ScopeUser, map[string]string{".claude/ccc.json": `{"supervisor": {"enabled": true}}`}, []string{
			"The supervisor is on by default: it reviews every session (turn it off with `ccc-hooks supervisor off --default`).",
		}},
		{"workflow in the project", Workflow, ScopeProject, map[string]string{"<project>/.claude/commands/mc.md": slashMarker}, []string{
			"Start a task in Claude Code with /mc <description>.",
		}},
		{"workflow, /mc elsewhere", Workflow, ScopeProject, map[string]string{".claude/commands/mc.md": slashMarker}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := testLocator(t, "")
			for name, content := range tt.files {
				path := filepath.Join(loc.Getenv("HOME"), name)
				if rest, ok := strings.CutPrefix(name, "<project>/"); ok {
					path = filepath.Join(loc.ProjectDir, rest)
				}
				testfs.Write(t, path, content, 0o644)
			}
			got := NextSteps(loc, target(t, loc, tt.scope), tt.profile, "ccc-hooks")
			want := slices.Concat(tt.want, []string{"Check the setup with `ccc-hooks doctor`."})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestApplyWarnsFirst: a command file of ours' name that ccc-hooks did not write is said to be
// left alone before the files that follow the settings file are written, and those are.
func TestApplyWarnsFirst(t *testing.T) {
	loc := testLocator(t, "")
	tg := target(t, loc, ScopeProject)
	review := SlashCommandPath(loc.commandsDir(tg), "mc-review")
	testfs.Write(t, review, "mine\n", 0o644)
	plan, err := PlanInstall(loc, tg, InstallDecisions{Profile: Workflow, Events: Workflow.Events, Timeout: 600}, "/opt/bin/ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	ui := &recordingUI{}
	if _, err := plan.Apply(ApplyOptions{UI: ui}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Installed the workflow hooks (UserPromptSubmit, Stop, SubagentStop, PreToolUse[Edit|Write|MultiEdit]) into " + tg.String() + ".",
		"warning: " + review + " exists and was not written by ccc-hooks; left it unchanged (/mc-review runs that file)",
		"Wrote /mc (" + SlashCommandPath(loc.commandsDir(tg), "mc") + ").",
		"Wrote /mc-confirm (" + SlashCommandPath(loc.commandsDir(tg), "mc-confirm") + ").",
	}
	if diff := cmp.Diff(want, ui.both); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if b, err := os.ReadFile(review); err != nil || string(b) != "mine\n" {
		t.Errorf("%s now holds %q, %v", review, b, err)
	}
}
