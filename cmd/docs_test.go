package cmd

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/installer"
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

// TestReadmeCommandsParse: every ccc-hooks command the READMEs show — on a line of a code block,
// or in a code span — names a command of ccc-hooks and flags that command takes, so that it can be
// typed as shown.
func TestReadmeCommandsParse(t *testing.T) {
	env, _, _ := testEnv(t)
	for _, name := range []string{"README.md", "README.zh-CN.md"} {
		text := testrepo.Read(t, name)
		var shown []string
		inBlock := false
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "```") {
				inBlock = !inBlock
				continue
			}
			if inBlock && strings.HasPrefix(line, "ccc-hooks ") {
				shown = append(shown, line)
			}
		}
		for _, span := range testrepo.CodeSpans(text) {
			if strings.HasPrefix(span, "ccc-hooks ") {
				shown = append(shown, span)
			}
		}
		if len(shown) < 15 {
			t.Fatalf("%s shows %d ccc-hooks commands: %q", name, len(shown), shown)
		}
		for _, cmd := range shown {
			line, _, _ := strings.Cut(cmd, "#")
			args := strings.Fields(line)[1:]
			root := newRootCmd(env)
			c, rest, err := root.Find(args)
			if err != nil || c == root && !strings.HasPrefix(args[0], "-") {
				t.Errorf("%s shows %q: no such command (%v)", name, cmd, err)
				continue
			}
			c.InitDefaultHelpFlag()
			c.InitDefaultVersionFlag()
			if err := c.ParseFlags(rest); err != nil && err.Error() != "pflag: help requested" {
				t.Errorf("%s shows %q: %v", name, cmd, err)
			}
		}
	}
}

// TestInstallScriptKnowsInstallOptions: install.sh checks the arguments it hands to `ccc-hooks
// install` before it downloads anything, against lists of its own (it has no binary to ask yet):
// the options install takes (those with a value marked "="), and the values of --scope and
// --profile. They are the binary's, exactly.
func TestInstallScriptKnowsInstallOptions(t *testing.T) {
	script := testrepo.Read(t, "install.sh")
	list := func(name string) []string {
		m := regexp.MustCompile(`(?m)^` + name + `="([^"]*)"$`).FindStringSubmatch(script)
		if m == nil {
			t.Fatalf("install.sh sets no %s", name)
		}
		return strings.Fields(m[1])
	}
	env, _, _ := testEnv(t)
	c := newInstallCmd(env)
	c.InitDefaultHelpFlag()
	// Each line of the flags' usage: "  -y, --yes   …", "      --scope string   …" (a value).
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^ +(?:-(\w), )?--([\w-]+)( \w+)? {2}`).FindAllStringSubmatch(c.Flags().FlagUsages(), -1) {
		value := ""
		if m[3] != "" {
			value = "="
		}
		want = append(want, "--"+m[2]+value)
		if m[1] != "" {
			want = append(want, "-"+m[1]+value)
		}
	}
	for _, tt := range []struct {
		name      string
		got, want []string
	}{
		{"install_options", list("install_options"), want},
		{"scope_names", list("scope_names"), installer.Scopes()},
		{"profile_names", list("profile_names"), []string{installer.Supervisor.Name, installer.Workflow.Name}},
	} {
		got, want := slices.Sorted(slices.Values(tt.got)), slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("install.sh's %s is %v; ccc-hooks install takes %v", tt.name, got, want)
		}
	}
}
