package plugins

import (
	"regexp"
	"strings"
	"testing"
)

// TestWorkflowCommands: the workflow plugin ships /mc, /mc-confirm and /mc-review. Each takes
// what the user typed after it ($ARGUMENTS), and /mc-review asks for a subagent whose prompt
// contains /mc-review and whose final line is a score the workflow hook reads.
func TestWorkflowCommands(t *testing.T) {
	cmds := Commands("workflow")
	var names []string
	text := map[string]string{}
	for _, c := range cmds {
		names = append(names, c.Name)
		text[c.Name] = string(c.Text)
	}
	if strings.Join(names, " ") != "mc mc-confirm mc-review" {
		t.Fatalf("Commands(workflow) = %v, want mc, mc-confirm, mc-review", names)
	}
	for name, body := range text {
		if !strings.HasPrefix(body, "---\ndescription: ") || !strings.Contains(body, "$ARGUMENTS") {
			t.Errorf("/%s: want front matter with a description, and $ARGUMENTS in the text:\n%s", name, body)
		}
		if strings.Contains(body, "!`") {
			t.Errorf("/%s runs a command; the hook does the work:\n%s", name, body)
		}
	}
	review := text["mc-review"]
	for _, want := range []string{"Agent tool", `"/mc-review `, "Score: X/10"} {
		if !strings.Contains(review, want) {
			t.Errorf("/mc-review lacks %q:\n%s", want, review)
		}
	}
	// The score line the review asks for is one the hook reads (see hookrt/workflow.ParseScore).
	if !regexp.MustCompile(`Score: X/10 \(X from 0 to 10`).MatchString(review) {
		t.Errorf("/mc-review does not spell out the score line:\n%s", review)
	}
	if !strings.Contains(text["mc"], "[workflow] Task") || !strings.Contains(text["mc"], "/mc-confirm") {
		t.Errorf("/mc does not point at the hook's reminder and /mc-confirm:\n%s", text["mc"])
	}
}
