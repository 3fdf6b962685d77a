package cmd

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestCheckRunReadsBack: the command line the reviewer's hook writes for a run behind the wall
// (hookcmd.CheckRun), split by a POSIX shell as Claude Code's Bash tool splits it, is this binary's
// `supervisor checks` with the directory, the limit and the command given, whatever they hold;
// and the watch on the reviewer's commands tells it for a check run (hookcmd.IsCheckRun).
func TestCheckRunReadsBack(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		testneed.Missing(t, "no sh")
	}
	const self, dir, command = "/opt/my tools/ccc-hooks", "/p/it's here", "go test ./... && echo 'done' $HOME\n"
	out, err := exec.Command(sh, "-c", `eval "set -- $1"; printf '%s\0' "$@"`, "sh", hookcmd.CheckRun(self, dir, 42, command)).Output()
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if words[0] != self || !hookcmd.IsCheckRun(words) {
		t.Fatalf("words %q: not a check run of %s", words, self)
	}
	env, _, _ := testEnv(t)
	c, rest, err := newRootCmd(env).Find(words[1:])
	if err != nil || c.Name() != "checks" || c.Parent().Name() != "supervisor" {
		t.Fatalf("the words %q run %q (%v)", words, c.CommandPath(), err)
	}
	if err := c.ParseFlags(rest); err != nil {
		t.Fatal(err)
	}
	gotDir, _ := c.Flags().GetString(hookcmd.CheckRunDir)
	gotRun, _ := c.Flags().GetString(hookcmd.CheckRunCommand)
	gotTimeout, _ := c.Flags().GetInt(hookcmd.CheckRunTimeout)
	if gotDir != dir || gotRun != command || gotTimeout != 42 || len(c.Flags().Args()) != 0 {
		t.Errorf("read back: dir %q, run %q, timeout %d, args %q", gotDir, gotRun, gotTimeout, c.Flags().Args())
	}
	for _, args := range [][]string{{"ccc-hooks", "supervisor"}, {"ccc-hooks", "supervisor", "log"}, {"ccc-hooks", "checks", "supervisor"}} {
		if hookcmd.IsCheckRun(args) {
			t.Errorf("%q taken for a check run", args)
		}
	}
}

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
