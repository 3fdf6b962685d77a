//go:build unix

package reviewguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// gitValueProbe is a word git refuses as an unknown option wherever it reads one.
const gitValueProbe = "--zz-not-an-option"

// gitProbeContext are words a probe needs besides the option, for options git refuses to take
// without them: before the option (a reflog walk for --grep-reflog) or after the probe (one
// path for --follow).
var gitProbeContext = map[string][2][]string{
	"--grep-reflog":        {{"-g"}, nil},
	"--combined-all-paths": {{"-c"}, nil},
	"--follow":             {nil, {"--", "f"}},
	"--graph":              {{"--do-walk"}, nil},
}

// TestGitTablesTakeValuesAsGit: every option of every git table takes the next word as its
// value exactly where the table says so ("=", a required value), as the installed git reads it
// (git 2.39.5 on the test machine): given the option and then a word git would refuse as an
// unknown option, git refuses that word unless the option took it. An option git refuses bare
// (--min-parents, whose value is only ever attached) took nothing. rev-parse, which passes
// unknown words through, took the word where it does not print it back.
func TestGitTablesTakeValuesAsGit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs git for every option of the tables: not in -short runs")
	}
	testneed.Program(t, "git")
	repo := t.TempDir()
	env := []string{
		"HOME=" + t.TempDir(), "PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@example.com",
	}
	git := func(args ...string) string {
		c := exec.Command("git", args...)
		c.Dir, c.Env = repo, env
		out, _ := c.CombinedOutput()
		return string(out)
	}
	for _, step := range [][]string{
		{"init", "-q"}, {"commit", "-q", "--allow-empty", "-m", "one"}, {"tag", "-a", "-m", "t", "v1"},
	} {
		git(step...)
	}
	if err := os.WriteFile(filepath.Join(repo, "f"), []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "f")
	git("commit", "-q", "-m", "two")
	if err := os.WriteFile(filepath.Join(repo, "f"), []byte("a\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("stash", "-q")
	if err := os.WriteFile(filepath.Join(repo, ".git", "MERGE_HEAD"), []byte(git("rev-parse", "HEAD")), 0o644); err != nil {
		t.Fatal(err) // for --merge
	}
	probed := 0
	for name, cmd := range gitCommands() {
		for _, o := range cmd.parser.options {
			if o.refused != "" {
				continue
			}
			if name == "rev-parse" && o.arg != required {
				continue // it passes an unknown word through, or filters it out: nothing tells
			}
			for _, spelling := range []string{"--" + o.long, "-" + string(o.short)} {
				if spelling == "--" || spelling == "-\x00" {
					continue
				}
				took, ok := gitTakesNext(git, name, spelling)
				if !ok && name == "reflog" {
					continue // refused beside reflog's --walk-reflogs; probed in log's table
				}
				if !ok {
					t.Errorf("git %s %s: cannot tell whether git takes the next word", name, spelling)
					continue
				}
				probed++
				if want := o.arg == required; took != want {
					t.Errorf("git %s %s: git takes the next word: %t; the table says %t", name, spelling, took, want)
				}
			}
		}
	}
	if probed < 500 {
		t.Errorf("%d options probed, want every option of the tables", probed)
	}
}

// gitTakesNext runs git name spelling gitValueProbe (with the words a subcommand or option needs
// around them) and reports whether the option took the probe, and whether git's answer tells.
func gitTakesNext(git func(...string) string, name, spelling string) (took, ok bool) {
	ctx := gitProbeContext[spelling]
	args := []string{name}
	switch name {
	case "stash":
		args = append(args, "show")
	case "cat-file":
		if spelling == "--path" {
			args = append(args, "--filters")
		}
	}
	args = append(args, ctx[0]...)
	args = append(args, spelling, gitValueProbe)
	args = append(args, ctx[1]...)
	switch name {
	case "rev-list", "ls-tree", "diff-tree", "cat-file":
		args = append(args, "HEAD")
	case "describe":
		args = append(args, "--always", "HEAD")
	case "merge-base":
		args = append(args, "HEAD", "HEAD~1")
	case "blame":
		args = append(args, "--", "f")
	}
	out := git(args...)
	probe := strings.TrimPrefix(gitValueProbe, "--")
	switch {
	case strings.Contains(out, "unrecognized argument: "+spelling+"\n"), strings.Contains(out, "invalid option: "+spelling+"\n"),
		strings.Contains(out, "unknown option `"+spelling+"'"), strings.Contains(out, spelling+" requires an argument"):
		return false, true // git refuses the option bare: its value is only ever attached
	case name == "rev-parse":
		// It prints an unknown word back, or, asked for one revision, refuses it as none.
		return !slices.Contains(strings.Split(out, "\n"), gitValueProbe) && !strings.Contains(out, "Needed a single revision"), true
	case strings.Contains(out, "unknown option `"+probe+"'"), strings.Contains(out, "unknown option `"+gitValueProbe+"'"),
		strings.Contains(out, "unrecognized argument: "+gitValueProbe),
		strings.Contains(out, "invalid option: "+gitValueProbe), name != "blame" && strings.HasPrefix(out, "usage: git "+name):
		return false, true
	case strings.Contains(out, "fatal: ") && !strings.Contains(out, probe) && !strings.Contains(out, "-"+probe):
		return false, false // git stopped at something else
	}
	return true, true
}
