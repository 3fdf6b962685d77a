//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bashCompletionScript is where the bash-completion package keeps its loader (Debian, Ubuntu).
const bashCompletionScript = "/usr/share/bash-completion/bash_completion"

// TestBashCompletionValues types into an interactive bash in a real terminal (tmux) that loaded
// bash-completion and `ccc-hooks completion bash`, pressing Tab as a person does: flag values
// complete — a scope, a provider name found as settings-NAME.json, the next item of an --events
// comma list, a task id for `task show`.
func TestBashCompletionValues(t *testing.T) {
	tmux := RequireTmux(t)
	if _, err := os.Stat(bashCompletionScript); err != nil {
		missing(t, "%s not found: install the bash-completion package (apt-get install bash-completion)", bashCompletionScript)
	}
	product := builtProduct(t)
	s := NewPlainSandbox(t)
	if err := os.Symlink(product.Path, filepath.Join(s.Bin, "ccc-hooks")); err != nil {
		t.Fatal(err)
	}
	s.WriteFile(t, filepath.Join(s.ConfigDir, "settings-kimi.json"), "{}\n", 0o644)
	s.WriteFile(t, filepath.Join(s.Project, "tasks", "task-20261122-101500", ".task-meta.json"),
		`{"task_id":"task-20261122-101500","task_description":"fix the login","created_at":"2026-11-22T10:15:00Z",`+
			`"status":"in_progress","failure_count":0,"failure_history":[],"expert_review_triggered":false,`+
			`"expert_review_score":null,"user_confirmed_fixed":false,"archived_at":null,"session_id":"s1"}`, 0o644)

	term := s.StartTerminal(t, tmux, "bash", "--norc", "--noprofile", "-i")
	term.Keys(t, "PS1='$ '; . "+bashCompletionScript+"; . <(ccc-hooks completion bash); echo LOADED", "Enter")
	term.WaitScreen(t, promptTimeout, "\nLOADED")

	cases := []struct{ typed, want string }{
		{"ccc-hooks install --scope loc", "$ ccc-hooks install --scope local"},
		{"ccc-hooks uninstall --provider k", "$ ccc-hooks uninstall --provider kimi"},
		// bash quotes the comma it inserts; the shell reads `\,` as a comma (checked below).
		{"ccc-hooks install --profile workflow --events stop,s", `$ ccc-hooks install --profile workflow --events stop\,subagent-stop`},
		{"ccc-hooks install --events ask", "$ ccc-hooks install --events ask-user-question"},
		{"ccc-hooks task show ", "$ ccc-hooks task show task-20261122-101500"},
		{"ccc-hooks supervisor st", "$ ccc-hooks supervisor status"},
	}
	for _, c := range cases {
		term.Keys(t, "-l", c.typed)
		term.Keys(t, "Tab")
		// The screen has no trailing blanks: the completed line must be exactly want.
		Eventually(t, promptTimeout, "the line to read "+c.want, func() bool {
			for _, line := range strings.Split(term.Screen(), "\n") {
				if strings.TrimRight(line, " ") == c.want {
					return true
				}
			}
			return false
		}, term.Screen)
		// Erase the line (Ctrl-U) and wait for the empty prompt before typing the next case.
		term.Keys(t, "C-u")
		Eventually(t, promptTimeout, "an empty prompt", func() bool {
			lines := strings.Split(strings.TrimRight(term.Screen(), "\n "), "\n")
			return strings.TrimRight(lines[len(lines)-1], " ") == "$"
		}, term.Screen)
	}

	// The completed list runs as typed: the dry run's diff installs Stop and SubagentStop only
	// (the slash commands' diffs that follow scroll it off the screen).
	term.Scrollback = true
	term.Keys(t, "-l", "ccc-hooks install --dry-run --yes --profile workflow --events stop,s")
	term.Keys(t, "Tab")
	term.WaitScreen(t, promptTimeout, `--events stop\,subagent-stop`)
	term.Keys(t, "Enter")
	screen := term.WaitScreen(t, promptTimeout, `+    "SubagentStop": [`)
	if !strings.Contains(screen, `+    "Stop": [`) || strings.Contains(screen, `"UserPromptSubmit"`) {
		t.Errorf("the dry run of --events stop\\,subagent-stop does not install exactly Stop and SubagentStop:\n%s", screen)
	}
}
