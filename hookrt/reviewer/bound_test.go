package reviewer

import (
	"testing"
	"time"
)

// TestCommandBound: a command may run 60 s, or a quarter of the review's limit when that is
// shorter; Claude Code's way of writing a timeout names it.
func TestCommandBound(t *testing.T) {
	for review, want := range map[time.Duration]string{
		600 * time.Second: "60s", 3600 * time.Second: "60s", 240 * time.Second: "60s",
		239 * time.Second: "59.8s", 40 * time.Second: "10s", 10 * time.Second: "2.5s",
	} {
		if got := seconds(CommandBound(review)); got != want {
			t.Errorf("a review of %v bounds a command at %s, want %s", review, got, want)
		}
	}
}

// TestIsTaskOutput: a Claude Code task's output file is NAME.output in a directory named tasks
// (…/claude-<uid>/<project>/<session>/tasks/<id>.output); a hook's or a server's output is not.
func TestIsTaskOutput(t *testing.T) {
	for path, want := range map[string]bool{
		"/tmp/claude-0/-p/0f3e/tasks/b1x2.output":  true,
		"/tmp/claude-0/-p/0f3e/tasks/a.b.output":   true,
		"/tmp/claude-0/-p/0f3e/task/b1x2.output":   false,
		"/tmp/claude-0/-p/0f3e/tasks/b1x2.out":     false,
		"/tmp/claude-0/-p/0f3e/tasks/b1x2.output/": false,
		"tasks/b1x2.output":                        false,
		"pipe:[4098]":                              false,
		"socket:[4943173]":                         false,
		"/dev/null":                                false,
		"":                                         false,
	} {
		if got := isTaskOutput(path); got != want {
			t.Errorf("isTaskOutput(%q) = %v, want %v", path, got, want)
		}
	}
}
