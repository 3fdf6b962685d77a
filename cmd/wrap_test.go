package cmd

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		name string
		text string
		cols int
		want string
	}{
		{"fits", "a short line\n", 20, "a short line\n"},
		{"between words", "one two three four five six", 12, "one two\nthree four\nfive six"},
		{
			"a path stays whole", "see /home/someone/.claude/settings.json now", 20,
			"see\n/home/someone/.claude/settings.json\nnow",
		},
		{
			"a command in backquotes stays whole", "then run `ccc-hooks install --scope user` to fix it", 24,
			"then run\n`ccc-hooks install --scope user`\nto fix it",
		},
		{
			"under a label", "  --scope string   settings scope: user, project, local, provider or managed", 50,
			"  --scope string   settings scope: user, project,\n                   local, provider or managed",
		},
		{
			"an indented item: under its first word", "    the first words of a long indented line", 30,
			"    the first words of a long\n      indented line",
		},
		{"under a list item", "- one two three four five six seven", 24, "- one two three four\n  five six seven"},
		{
			"a label that leaves no room", "a-rather-long-label-name   and then the text that follows", 40,
			"a-rather-long-label-name and then the\ntext that follows",
		},
		{"no width", "one two three", 0, "one two three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wrap(tt.text, tt.cols); got != tt.want {
				t.Errorf("wrap(%q, %d):\n%s\nwant:\n%s", tt.text, tt.cols, got, tt.want)
			}
		})
	}
}

// fitWidths are the terminals output is tried in: the common one, and a narrow one.
var fitWidths = []int{80, 60}

// checkFits fails unless out, printed for a terminal of cols columns, is wide (the same output
// printed where nothing is wrapped) broken between words only: the same words in the same order,
// every line within cols but for one that holds a single word (a path, a command in backquotes)
// after its indentation and label, or one that whole says is kept as written.
func checkFits(t *testing.T, what, out, wide string, cols int, whole func(line string) bool) {
	t.Helper()
	if got, want := strings.Fields(out), strings.Fields(wide); !slices.Equal(got, want) {
		t.Errorf("%s at %d columns: the words differ from the unwrapped text (a word was broken?):\n%s", what, cols, cmp.Diff(want, got))
	}
	for i, line := range strings.Split(out, "\n") {
		if textWidth(line) <= cols || (whole != nil && whole(line)) {
			continue
		}
		rest := strings.TrimLeft(line, " ")
		if _, text, labelled := strings.Cut(rest, "  "); labelled {
			rest = strings.TrimLeft(text, " ")
		}
		if len(words(rest)) != 1 {
			t.Errorf("%s at %d columns: line %d is %d columns wide and could be broken:\n%s", what, cols, i+1, textWidth(line), line)
		}
	}
}

// TestHelpFitsTheTerminal: the help of every command (cobra's usage and flags, and the command's
// own description) is broken between words to fit 80 and 60 columns, continuation lines of the
// flag and command tables under their descriptions; the commands a description shows stay whole.
func TestHelpFitsTheTerminal(t *testing.T) {
	env, _, _ := testEnv(t)
	var commands [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		commands = append(commands, path)
		for _, sub := range c.Commands() {
			if !sub.Hidden {
				walk(sub, append(slices.Clone(path), sub.Name()))
			}
		}
	}
	walk(newRootCmd(env), nil)
	if len(commands) < 12 {
		t.Fatalf("found %d commands: %v", len(commands), commands)
	}
	help := func(path []string, cols int) (string, *cobra.Command) {
		env, out, _ := testEnv(t)
		env.IO.Width = cols
		if code := Main(env, append(slices.Clone(path), "--help")); code != 0 {
			t.Fatalf("%v --help: exit %d", path, code)
		}
		c, _, err := newRootCmd(env).Find(path)
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), c
	}
	for _, path := range commands {
		wide, c := help(path, 100000)
		described := func(line string) bool {
			return strings.HasPrefix(line, " ") && slices.Contains(strings.Split(c.Long, "\n"), line)
		}
		for _, cols := range fitWidths {
			out, _ := help(path, cols)
			checkFits(t, strings.Join(append([]string{"ccc-hooks"}, path...), " ")+" --help", out, wide, cols, described)
		}
	}
}

// TestMessagesFitTheTerminal: what install (its questions' notes, the summary of the changes, what
// it did and what comes next), status, uninstall, uninstall --all and supervisor status print is
// broken between words to fit 80 and 60 columns; paths and commands stay whole.
func TestMessagesFitTheTerminal(t *testing.T) {
	type step struct {
		args    []string
		answers []any // on a terminal, with these answers; nil: without one
	}
	steps := []step{
		{args: []string{"install"}, answers: []any{0, []int{0, 1}, "", true, true, true, "make test", "", true}},
		{args: []string{"status"}},
		{args: []string{"supervisor", "status"}},
		{args: []string{"install", "--profile", "workflow", "--scope", "local", "--yes"}},
		{args: []string{"uninstall", "--profile", "workflow", "--scope", "local", "--yes"}},
		{args: []string{"uninstall", "--yes"}},
		{args: []string{"uninstall", "--all", "--dry-run"}},
	}
	run := func(cols int) []string {
		env, out, errOut := testEnv(t)
		env.IO.Width = cols
		env.ProbeWall = func(context.Context, string) error {
			return errors.New("no copy-on-write wall here: cannot make the namespaces: no space left on device")
		}
		home := env.Getenv("HOME")
		project := filepath.Join(home, "a-project-with-a-rather-long-name", "and-a-folder-below-it")
		testfs.Write(t, filepath.Join(project, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
		env.Getwd = func() (string, error) { return project, nil }
		testfs.Write(t, paths.ConfigFile(env.Getenv), `{"supervisor": {"enabled": false}}`, 0o644)
		var outputs []string
		for _, s := range steps {
			out.Reset()
			env.IO.Interactive = s.answers != nil
			env.Prompter = &scriptedPrompter{t: t, answers: slices.Clone(s.answers)}
			if code := Main(env, s.args); code != 0 {
				t.Fatalf("%v: exit %d\n%s%s", s.args, code, out, errOut)
			}
			outputs = append(outputs, strings.ReplaceAll(out.String(), home, "/home/someone"))
		}
		return outputs
	}
	wide := run(100000)
	for _, cols := range fitWidths {
		for i, out := range run(cols) {
			checkFits(t, strings.Join(steps[i].args, " "), withoutDiffs(out), withoutDiffs(wide[i]), cols, nil)
		}
	}
	if !strings.Contains(wide[0], "adds the check `make test`") || !strings.Contains(wide[0], "no space left on device") {
		t.Errorf("the install's output lacks the summary's words or the refusal:\n%s", wide[0])
	}
}

// withoutDiffs is out without the unified diffs it shows: a file's bytes, printed as they are.
func withoutDiffs(out string) string {
	var kept []string
	inDiff := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "--- "):
			inDiff = true
		case inDiff && (strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-") || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "@@")):
		default:
			inDiff = false
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}
