//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// promptTimeout bounds every wait for the next screen of `ccc-hooks install`.
const promptTimeout = 15 * time.Second

// installTerminal is `ccc-hooks install` running in a real terminal (tmux)
// with its own HOME and CLAUDE_CONFIG_DIR; it needs no Claude Code.
type installTerminal struct {
	*Sandbox
	*Terminal
	product Product
}

// installScript runs ccc-hooks install ($0), then says whether the terminal
// modes are as before, prints the exit status of install and keeps the pane
// alive (a dead pane has no cursor to check) until the test closes it.
const installScript = `before=$(stty -g)
"$0" install
code=$?
if [ "$(stty -g)" = "$before" ]; then echo TTY=restored; else echo TTY=changed; fi
echo EXIT=$code
read -r _`

// startInstall creates the sandbox, runs setup in it (without a terminal), and starts
// `ccc-hooks install` in tmux.
func startInstall(t *testing.T, setup ...func(s *Sandbox, p Product)) *installTerminal {
	t.Helper()
	tmux := RequireTmux(t)
	product := builtProduct(t)
	s := NewPlainSandbox(t)
	for _, f := range setup {
		f(s, product)
	}
	term := s.StartTerminal(t, tmux, "sh", "-c", installScript, product.Path)
	// The confirmation shows the diff of every file, which scrolls the first answers away.
	term.Scrollback = true
	return &installTerminal{Sandbox: s, Terminal: term, product: product}
}

// prompt is one question of the interactive install, in the order asked.
type prompt struct {
	name  string
	shown func(it *installTerminal) string // the question as it is on screen
}

var installPrompts = []prompt{
	{"scope", func(*installTerminal) string { return "? Which settings file?" }},
	{"events", func(*installTerminal) string { return "? Which events?" }},
	{"timeout", func(*installTerminal) string { return "? Hook timeout in seconds: (600)" }},
	{"slash-commands", func(*installTerminal) string {
		return "? Also add the /supervisor and /supervisor-off slash commands? (Y/n)"
	}},
	{"supervisor", func(*installTerminal) string { return "? Turn the supervisor on by default for every session? (y/N)" }},
	{"checks", func(*installTerminal) string {
		return "? Run checks before each review of a stop? (y/N)"
	}},
	{"write", func(it *installTerminal) string { return "? Write these changes to " }},
}

// answers are the keys typed at each prompt of installPrompts.
type answers struct {
	slash, supervisor, write bool
}

func yesNo(yes bool) string {
	if yes {
		return "y"
	}
	return "n"
}

// keys returns what is typed at prompt i and what the answered line then shows.
func (a answers) keys(it *installTerminal, i int) (keys []string, answered string) {
	switch installPrompts[i].name {
	case "scope": // the default, user
		return []string{"Enter"}, "? Which settings file? user     ~/.claude/settings.json"
	case "events": // both stay selected
		return []string{"Enter"}, "? Which events? stop (Stop), ask-user-question (PreToolUse[AskUserQuestion])"
	case "timeout":
		return []string{"1", "2", "0", "Enter"}, "? Hook timeout in seconds: 120"
	case "slash-commands":
		return []string{yesNo(a.slash), "Enter"}, "slash commands? " + answerWord(a.slash)
	case "supervisor":
		return []string{yesNo(a.supervisor), "Enter"}, "for every session? " + answerWord(a.supervisor)
	case "checks": // none (TestInstallTerminalAsksForChecks types some)
		return []string{"n", "Enter"}, "before each review of a stop? No"
	case "write":
		return []string{yesNo(a.write), "Enter"}, "? Write these changes to " + a.files(it) + "? " + answerWord(a.write)
	}
	panic("unknown prompt " + installPrompts[i].name)
}

// files is how the confirmation names what it writes: the settings file alone, or a count when
// the slash commands (two files) or the supervisor default (ccc.json) come along.
func (a answers) files(it *installTerminal) string {
	n := 1
	if a.slash {
		n += 2
	}
	if a.supervisor {
		n++
	}
	if n == 1 {
		return it.SettingsPath()
	}
	return fmt.Sprintf("%d files", n)
}

func answerWord(yes bool) string {
	if yes {
		return "Yes"
	}
	return "No"
}

// answer waits for prompt i, types its answer and waits until the answer is
// on screen.
func (it *installTerminal) answer(t *testing.T, i int, a answers) {
	t.Helper()
	it.WaitScreen(t, promptTimeout, installPrompts[i].shown(it))
	keys, answered := a.keys(it, i)
	it.Keys(t, keys...)
	it.WaitScreen(t, promptTimeout, answered)
}

var exitRe = regexp.MustCompile(`(?m)^EXIT=(\d+)$`)

// finish waits until install has exited and returns the last screen and the
// exit status; it checks that the terminal modes and the cursor are restored.
func (it *installTerminal) finish(t *testing.T) (screen, status string) {
	t.Helper()
	screen = it.WaitScreen(t, promptTimeout, "EXIT=")
	m := exitRe.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no EXIT=<status> line on screen:\n%s", screen)
	}
	if !strings.Contains(screen, "TTY=restored") {
		t.Errorf("terminal modes (stty -g) differ after install:\n%s", screen)
	}
	if out, err := it.cmd("display-message", "-p", "-t", "e2e", "#{cursor_flag}").Output(); err != nil {
		t.Errorf("tmux display-message: %v", err)
	} else if got := strings.TrimSpace(string(out)); got != "1" {
		t.Errorf("cursor hidden after install (cursor_flag=%s)", got)
	}
	return screen, m[1]
}

func (it *installTerminal) slashCommandPaths() []string {
	return []string{
		filepath.Join(it.ConfigDir, "commands", "supervisor.md"),
		filepath.Join(it.ConfigDir, "commands", "supervisor-off.md"),
	}
}

func (it *installTerminal) configPath() string { return filepath.Join(it.ConfigDir, "ccc.json") }

// assertNothingWritten checks that the sandbox home is exactly as before and
// that install left no settings file, ccc.json, slash command or ccc-hooks home.
func (it *installTerminal) assertNothingWritten(t *testing.T, before string) {
	t.Helper()
	paths := append([]string{it.SettingsPath(), it.configPath(), it.CCCHome()}, it.slashCommandPaths()...)
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s exists, want nothing written", p)
		} else if !os.IsNotExist(err) {
			t.Error(err)
		}
	}
	if after := Tree(t, it.Home); after != before {
		t.Errorf("HOME changed:\n--- before\n%s--- after\n%s", before, after)
	}
}

type hookEntry struct {
	Type          string `json:"type"`
	Command       string `json:"command"`
	Timeout       int    `json:"timeout"`
	StatusMessage string `json:"statusMessage"`
}

type matcherGroup struct {
	Matcher string      `json:"matcher,omitempty"`
	Hooks   []hookEntry `json:"hooks"`
}

// TestInstallPromptsInTerminal answers every question of `ccc-hooks install`
// with the keyboard and checks that the files follow the answers.
func TestInstallPromptsInTerminal(t *testing.T) {
	t.Parallel()
	for _, a := range []answers{
		{slash: true, supervisor: false, write: true},
		{slash: false, supervisor: true, write: true},
	} {
		name := "slash=" + yesNo(a.slash) + ",supervisor=" + yesNo(a.supervisor)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			it := startInstall(t)
			for i := range len(installPrompts) - 1 {
				it.answer(t, i, a)
			}

			// The diff is on screen, one line per row, before the last question.
			screen := it.WaitScreen(t, promptTimeout, installPrompts[len(installPrompts)-1].shown(it))
			lines := strings.Split(screen, "\n")
			for _, want := range []string{
				"--- /dev/null",
				"+++ " + it.SettingsPath(),
				"+{",
				`+            "command": "` + it.product.HookCommand() + `",`,
				`+            "timeout": 120,`,
				`+            "statusMessage": "ccc-hooks supervisor reviewing"`,
				`+        "matcher": "AskUserQuestion",`,
				"+}",
			} {
				if !containsLine(lines, want) {
					t.Errorf("diff on screen has no line %q", want)
				}
			}
			it.answer(t, len(installPrompts)-1, a)

			screen, status := it.finish(t)
			if status != "0" {
				t.Errorf("exit status %s, want 0", status)
			}
			if want := "Installed the supervisor hooks (Stop, PreToolUse[AskUserQuestion]) into " + it.SettingsPath() + " (user scope)."; !strings.Contains(screen, want) {
				t.Errorf("screen lacks %q", want)
			}

			var got struct {
				Hooks map[string][]matcherGroup `json:"hooks"`
			}
			raw := it.ReadFile(t, it.SettingsPath())
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatalf("settings %s: %v\n%s", it.SettingsPath(), err, raw)
			}
			hook := []hookEntry{{Type: "command", Command: it.product.HookCommand(), Timeout: 120, StatusMessage: reviewing}}
			want := map[string][]matcherGroup{
				"Stop":       {{Hooks: hook}},
				"PreToolUse": {{Matcher: "AskUserQuestion", Hooks: hook}},
			}
			if !reflect.DeepEqual(got.Hooks, want) {
				t.Errorf("settings hooks = %+v, want %+v\n%s", got.Hooks, want, raw)
			}

			for _, p := range it.slashCommandPaths() {
				content := it.ReadFile(t, p)
				switch {
				case a.slash && !strings.Contains(content, it.product.Path+" supervisor "):
					t.Errorf("slash command %s does not run %s:\n%s", p, it.product.Path, content)
				case a.slash && !strings.Contains(screen, "Wrote /"+strings.TrimSuffix(filepath.Base(p), ".md")+" ("+p+")."):
					t.Errorf("screen does not report writing %s", p)
				case !a.slash && content != "":
					t.Errorf("slash command %s written although declined:\n%s", p, content)
				}
			}

			cfg := it.ReadFile(t, it.configPath())
			if !a.supervisor {
				if cfg != "" {
					t.Errorf("ccc.json written although the supervisor default was declined:\n%s", cfg)
				}
				return
			}
			var config struct {
				Supervisor struct {
					Enabled *bool `json:"enabled"`
				} `json:"supervisor"`
			}
			if err := json.Unmarshal([]byte(cfg), &config); err != nil {
				t.Fatalf("ccc.json: %v\n%s", err, cfg)
			}
			if e := config.Supervisor.Enabled; e == nil || !*e {
				t.Errorf("ccc.json supervisor.enabled is not true:\n%s", cfg)
			}
			if want := "The supervisor is on by default: it reviews every session"; strings.Count(screen, want) != 1 {
				t.Errorf("screen says %q %d times, want once:\n%s", want, strings.Count(screen, want), screen)
			}
		})
	}
}

// TestInstallCtrlCCancels presses Ctrl-C at each question of `ccc-hooks
// install` in turn: install says it was cancelled, exits 1, writes nothing
// and leaves the terminal as it found it.
func TestInstallCtrlCCancels(t *testing.T) {
	t.Parallel()
	cancelAtEachPrompt(t, "C-c")
}

// cancelAtEachPrompt answers the questions before each one in turn, then presses key (tmux key
// name) at it: install says it was cancelled, exits 1 and writes nothing.
func cancelAtEachPrompt(t *testing.T, key string) {
	a := answers{slash: true, supervisor: true, write: true}
	for i, p := range installPrompts {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			it := startInstall(t)
			before := Tree(t, it.Home)
			for j := range i {
				it.answer(t, j, a)
			}
			it.WaitScreen(t, promptTimeout, p.shown(it))
			it.Keys(t, key)

			screen, status := it.finish(t)
			if !containsLine(strings.Split(screen, "\n"), "ccc-hooks: install cancelled; no file was changed") {
				t.Errorf("screen lacks the line %q", "ccc-hooks: install cancelled; no file was changed")
			}
			if status != "1" {
				t.Errorf("exit status %s, want 1", status)
			}
			it.assertNothingWritten(t, before)
		})
	}
}

// TestInstallDeclineWritesNothing answers every question, asking for the
// slash commands and the supervisor default, then declines the diff: nothing
// at all is written.
func TestInstallDeclineWritesNothing(t *testing.T) {
	t.Parallel()
	it := startInstall(t)
	before := Tree(t, it.Home)
	a := answers{slash: true, supervisor: true, write: false}
	for i := range installPrompts {
		it.answer(t, i, a)
	}

	screen, status := it.finish(t)
	if !containsLine(strings.Split(screen, "\n"), "Nothing was changed.") {
		t.Errorf("screen lacks the line %q", "Nothing was changed.")
	}
	if status != "0" {
		t.Errorf("exit status %s, want 0", status)
	}
	it.assertNothingWritten(t, before)
}

// containsLine reports whether one of lines is want, ignoring trailing blanks.
func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if strings.TrimRight(l, " ") == want {
			return true
		}
	}
	return false
}
