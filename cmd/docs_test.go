package cmd

import (
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestDocsNameEveryCommand: every command of ccc-hooks has its section in docs/commands.md (a
// heading naming it), but supervisor, whose page is docs/supervisor.md (as commands.md says);
// and every subcommand is written there as it is typed, `ccc-hooks task list`.
func TestDocsNameEveryCommand(t *testing.T) {
	env, _, _ := testEnv(t)
	root := newRootCmd(env)
	commands := testrepo.Read(t, "docs/commands.md")
	var headed []string
	for _, line := range strings.Split(commands, "\n") {
		if strings.HasPrefix(line, "## ") {
			headed = append(headed, strings.Split(strings.TrimPrefix(line, "## "), ", ")...)
		}
	}
	pages := map[string]string{"supervisor": "docs/supervisor.md"}
	if !strings.Contains(commands, "`ccc-hooks supervisor` is in [supervisor.md](supervisor.md)") {
		t.Error("docs/commands.md does not send `ccc-hooks supervisor` to supervisor.md")
	}
	for _, c := range root.Commands() {
		name := c.Name()
		if c.Hidden || name == "help" {
			continue
		}
		page := "docs/commands.md"
		if p, ok := pages[name]; ok {
			page = p
		} else if !slices.Contains(headed, name) {
			t.Errorf("docs/commands.md has no section for %s (headings: %v)", name, headed)
		}
		text := testrepo.Read(t, page)
		for _, sub := range c.Commands() {
			if typed := "ccc-hooks " + name + " " + sub.Name(); !sub.Hidden && !strings.Contains(text, typed) {
				t.Errorf("%s does not show %q", page, typed)
			}
		}
	}
}
