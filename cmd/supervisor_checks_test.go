package cmd

import (
	"strings"
	"testing"
)

// TestCheckRunEndsInOneLine: the line that closes `supervisor checks --run` is printed whole,
// whatever the width, as the command's output above it is: the reviewer, whose Bash commands
// run through it, reads it after that output, and nothing of it is for a terminal.
func TestCheckRunEndsInOneLine(t *testing.T) {
	env, out, errOut := testEnv(t)
	env.IO.Width = 40
	Main(env, []string{"supervisor", "checks", "--dir", t.TempDir(), "--timeout", "20", "--run", "echo one"})
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "[ccc-hooks: ") || !strings.HasSuffix(last, "]") || len(last) <= 40 {
		t.Errorf("the closing line is not printed whole on one line:\n%s\nstderr: %s", out, errOut)
	}
}
