//go:build unix

package e2e

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// doctorScript waits for Enter (the test narrows the terminal first), runs `ccc-hooks doctor`
// ($0) twice — on the terminal, then with NO_COLOR=1 — and keeps the pane alive.
const doctorScript = `read -r _
"$0" doctor --all
echo EXIT=$?
NO_COLOR=1 "$0" doctor --all
echo EXIT=$?
read -r _`

// TestDoctorInTerminal runs `ccc-hooks doctor` in a real terminal 72 columns wide (tmux, no
// Claude Code needed): no line is wider than the terminal (the terminal itself would wrap it
// into the check column), continuation lines start at the message column, the error comes first
// and is red, the ok rows green; with NO_COLOR=1 there is no colour at all.
func TestDoctorInTerminal(t *testing.T) {
	const width = 72
	tmux := RequireTmux(t)
	product := builtProduct(t)
	s := NewPlainSandbox(t)
	// An entry whose program is gone: an error with a long path and long advice.
	s.WriteFile(t, s.SettingsPath(), `{"hooks":{"Stop":[{"hooks":[{"type":"command",`+
		`"command":"/opt/some-team/tools/ccc-hooks-moved-away/bin/ccc-hooks hook","timeout":600}]}]}}`, 0o644)

	term := s.StartTerminal(t, tmux, "sh", "-c", doctorScript, product.Path)
	term.Scrollback = true
	if out, err := term.cmd("resize-window", "-t", "e2e", "-x", "72", "-y", "50").CombinedOutput(); err != nil {
		t.Fatalf("tmux resize-window: %v\n%s", err, out)
	}
	term.Keys(t, "Enter")
	Eventually(t, promptTimeout, "both doctor runs to end", func() bool {
		return strings.Count(term.Screen(), "EXIT=") == 2
	}, term.Screen)

	// -e keeps the colours, -J joins the lines the terminal wrapped: a joined line wider than the
	// terminal is one doctor printed too wide.
	raw, err := term.cmd("capture-pane", "-p", "-e", "-J", "-S", "-", "-t", "e2e").Output()
	if err != nil {
		t.Fatalf("tmux capture-pane: %v", err)
	}
	colored, plain, found := strings.Cut(string(raw), "EXIT=1")
	if !found {
		t.Fatalf("doctor did not exit 1 on the terminal:\n%s", raw)
	}
	ansi := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for name, out := range map[string]string{"terminal": colored, "NO_COLOR": plain} {
		lines := strings.Split(ansi.ReplaceAllString(out, ""), "\n")
		header := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "CHECK ") {
				header = i
			}
		}
		if header < 0 {
			t.Fatalf("%s: no table header in\n%s", name, out)
		}
		msgCol := strings.Index(lines[header], "MESSAGE")
		if !strings.HasPrefix(lines[header+1], "hook-binary ") || !strings.Contains(lines[header+1], " error ") {
			t.Errorf("%s: the first row is %q, want the hook-binary error", name, lines[header+1])
		}
		continuations := 0
		for _, l := range lines[header:] {
			l = strings.TrimRight(l, " ")
			if n := utf8.RuneCountInString(l); n > width {
				t.Errorf("%s: line of %d columns on a %d-column terminal: %q", name, n, width, l)
			}
			if strings.HasPrefix(l, " ") {
				continuations++
				if len(l) <= msgCol || strings.TrimLeft(l, " ") != l[msgCol:] {
					t.Errorf("%s: continuation not at the message column %d: %q", name, msgCol, l)
				}
			}
		}
		if continuations == 0 {
			t.Errorf("%s: no message was wrapped at %d columns", name, width)
		}
	}
	if !strings.Contains(colored, "\x1b[31merror") || !regexp.MustCompile(`\x1b\[32mok`).MatchString(colored) {
		t.Errorf("on the terminal the statuses are not red and green:\n%q", colored)
	}
	if ansi.MatchString(plain) {
		t.Errorf("with NO_COLOR=1 the output has colour codes:\n%q", plain)
	}
}
