//go:build unix

package reviewguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// claudeCodeTools returns the shell functions Claude Code's Bash tool defines for grep and find
// (docs/claude-code.md, "grep, find and rg in the Bash tool"): its own ugrep and bfs, run from the
// claude binary of each tested version installed where the end-to-end suite finds it. A version
// not installed is left out; none at all skips the test, and fails it in CI, which installs them.
func claudeCodeTools(t *testing.T) map[string]string {
	t.Helper()
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	out := map[string]string{}
	for _, v := range claudeversion.Tested() {
		modules := filepath.Join(home, ".cache", "ccc-hooks", "claude-code-"+v.String(), "node_modules", "@anthropic-ai")
		candidates, _ := filepath.Glob(filepath.Join(modules, "claude-code-*", "claude"))
		for _, bin := range append([]string{filepath.Join(modules, "claude-code", "bin", "claude.exe")}, candidates...) {
			if version, err := exec.Command(bin, "--version").Output(); err == nil && strings.HasPrefix(string(version), v.String()) {
				out[v.String()] = "grep() { ( exec -a ugrep " + bin + " -G --ignore-files --hidden -I --encoding=UTF-8 --exclude-dir=.git \"$@\" ); }\n" +
					"find() { ( exec -a bfs " + bin + " -S dfs -regextype findutils-default \"$@\" ); }\n"
				break
			}
		}
	}
	if len(out) == 0 {
		testneed.Missing(t, "no tested Claude Code is installed (scripts/install-claude-code.sh; CI installs them)")
	}
	return out
}

// TestGrepAndFindAsClaudeCodeRunsThem: in Claude Code's Bash tool grep and find are its own ugrep
// and bfs. Every reading command that runs them is granted and, run with them on the bench,
// changes nothing; and attacks through them are refused, each shown to do harm with them: bfs's
// -rm deletes as -delete does, ugrep's --filter runs a program on each file (without the
// fallback to GNU grep that Claude Code's function adds for such words).
func TestGrepAndFindAsClaudeCodeRunsThem(t *testing.T) {
	t.Parallel()
	b := sharedBench(t)
	for version, tools := range claudeCodeTools(t) {
		root := b.copy(t)
		for _, command := range reading {
			if !strings.HasPrefix(command, "grep ") && !strings.HasPrefix(command, "find ") {
				continue
			}
			if err := Check("Bash", bash(command), nil, b.place(b.template)); err != nil {
				t.Errorf("%s: refused %q: %v", version, command, err)
				continue
			}
			if r := b.runIn(t, root, tools+command, ""); len(r.harm) > 0 {
				t.Errorf("%s: run with Claude Code's grep and find, %q did: %v", version, command, r.harm)
				root = b.copy(t)
			}
		}
		for _, command := range []string{
			"find . -name a.txt -rm", "find . -name a.txt -delete", "find . -name a.txt -fprint OUT",
			"grep --filter='*:P' hello a.txt",
		} {
			if err := Check("Bash", bash(command), defaultRules, b.place(b.template)); err == nil {
				t.Errorf("granted %q", command)
			}
			r := b.runIn(t, root, tools+command, "")
			if len(r.harm) == 0 {
				t.Errorf("%s: with ugrep and bfs, %q changed nothing: the attack no longer shows the harm it stands for", version, command)
				continue
			}
			root = b.restore(t, root, r.harm)
		}
	}
}
