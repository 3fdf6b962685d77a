package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// TestInstallWorkflowInteractive: on a terminal, the workflow's /mc command files are in the diff
// shown before the one confirmation, beside the project's settings, and a "no" writes none.
func TestInstallWorkflowInteractive(t *testing.T) {
	for _, write := range []bool{true, false} {
		env, out, _ := testEnv(t)
		env.IO.Interactive = true
		p := &scriptedPrompter{t: t, answers: []any{
			1,              // scope: project
			[]int{0, 1, 2}, // events: all
			"600",          // timeout
			write,          // write?
		}}
		env.Prompter = p
		project := t.TempDir()
		env.Getwd = func() (string, error) { return project, nil }
		if code := Main(env, []string{"install", "--profile", "workflow"}); code != 0 {
			t.Fatalf("exit %d", code)
		}
		commands := filepath.Join(project, ".claude", "commands")
		for _, name := range []string{"mc", "mc-confirm", "mc-review"} {
			if !strings.Contains(out.String(), "+++ "+filepath.Join(commands, name+".md")+"\n") {
				t.Errorf("the confirmation did not show the diff of /%s:\n%s", name, out)
			}
			_, err := os.Stat(filepath.Join(commands, name+".md"))
			if write && err != nil {
				t.Errorf("/%s not written: %v", name, err)
			}
			if !write && !os.IsNotExist(err) {
				t.Errorf("/%s written after a no (stat: %v)", name, err)
			}
		}
		if got := p.asked[len(p.asked)-1]; got != "Write these changes to 4 files?" {
			t.Errorf("last question = %q", got)
		}
		if _, err := os.Stat(filepath.Join(paths.ConfigDir(env.Getenv), "commands")); !os.IsNotExist(err) {
			t.Errorf("a project install wrote commands into the Claude config dir (stat: %v)", err)
		}
		if len(p.answers) != 0 {
			t.Errorf("prompts not asked: %v", p.answers)
		}
	}
}
