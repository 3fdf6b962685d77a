//go:build unix

package reviewguard

import (
	"path/filepath"
	"strings"
	"testing"
)

// gitValueAttacks are git commands in which an option takes the next word as its value — "--"
// included, so that the names a glob brings after it are read as options (class "option
// value") — or name a refused option by another of git's names (class "alias"), with the files
// an agent plants for them: a.txt tracked, and names such as --output=a.txt, -OP or -D.
var gitValueAttacks = []gitAttack{
	{"option value", "-L takes --, a file --output=a.txt truncates a.txt", plantNames("--output=a.txt"), "git log -L -- -*", "", nil},
	{"option value", "--decorate-refs takes --", plantNames("--output=a.txt"), "git log -1 --decorate-refs -- -*", "", nil},
	{"option value", "--decorate-refs-exclude takes --", plantNames("--output=b.txt"), "git show --decorate-refs-exclude -- -*", "", nil},
	{"option value", "git blame -S takes --", plantNames("--output=b.txt"), "git blame -S -- -* a.txt", "", nil},
	{"option value", "git grep -e takes --, a file -OP runs P", func(p *planter) {
		plantNames("-OP")(p)
		p.write("repo/dash.txt", "a -- b\n", 0o644)
		p.git("repo", "add", "dash.txt")
		p.git("repo", "commit", "-qm", "dash")
	}, "git grep -e -- -*", "", nil},
	{"option value", "git branch --sort takes --, a file -D deletes a branch", func(p *planter) {
		plantNames("-D", "feature")(p)
		p.git("repo", "branch", "feature")
	}, "git branch --sort -- -* f*", "", nil},
	{"option value", "git tag --format takes --, a file -d deletes a tag", plantNames("-d", "v1"), "git tag --format -- -* v*", "", nil},
	{"option value", "git reflog takes a file expire for its subcommand", plantNames("expire"), "git reflog ex* --expire=now main", "", nil},
	// git removes its temporary objects at exit, and not when a signal ends it: here the
	// SIGPIPE of a reader that has read enough.
	{"alias", "--diff-merges=remerge", mergeCommit, "git log --diff-merges=remerge -p | head -1", "", nil},
	{"alias", "--diff-merges r, the next word", mergeCommit, "git log --diff-merges r -p | head -1", "", nil},
	{"alias", "git whatchanged --diff-merges=r", mergeCommit, "git whatchanged --diff-merges=r -p | head -1", "", nil},
}

// plantNames makes empty files of the given names in the repository, as the agent would.
func plantNames(names ...string) func(*planter) {
	return func(p *planter) {
		for _, name := range names {
			p.write(filepath.Join("repo", name), "", 0o644)
		}
	}
}

// mergeCommit makes HEAD a merge of two branches, its remerge-diff merges them again, in a
// temporary object directory; before them a commit of a file of a megabyte, whose diff is
// more than a pipe holds.
func mergeCommit(p *planter) {
	p.git("repo", "checkout", "-q", "--", "a.txt")
	p.write("repo/big.txt", strings.Repeat("a line of a large file\n", 1<<16), 0o644)
	p.git("repo", "add", "big.txt")
	p.git("repo", "commit", "-qm", "big")
	p.git("repo", "checkout", "-qb", "side")
	p.write("repo/b.txt", "side\n", 0o644)
	p.git("repo", "commit", "-qam", "side")
	p.git("repo", "checkout", "-q", "main")
	p.write("repo/a.txt", "main\n", 0o644)
	p.git("repo", "commit", "-qam", "main")
	p.git("repo", "merge", "-q", "--no-edit", "side")
}

// TestGitOptionValuesAreReadAsGitReadsThem: each attack, run through the review's git view with
// bash, changes the repository (a file truncated, a branch, tag or reflog gone, objects left) or
// runs a planted program — git reads the names the glob brings as options, or the alias as the
// option it names; the guard, asked where the reviewer's hook is, refuses it, with the default
// rules (which grant git log and git diff by rule) and without.
func TestGitOptionValuesAreReadAsGitReadsThem(t *testing.T) {
	t.Parallel()
	b := sharedGitBench(t)
	classes := map[string]int{}
	for _, a := range gitValueAttacks {
		classes[a.class]++
		t.Run(a.class+"/"+a.name, func(t *testing.T) {
			t.Parallel()
			shown := b.runGitAttack(t, a, throughView)
			if len(shown.harm) == 0 {
				t.Errorf("through the view, %q changed nothing: the attack proves nothing\n%s", a.command, shown.output)
			}
			if shown.granted == nil {
				t.Errorf("granted %q; through the view it did %v", a.command, shown.harm)
			}
			if shown.byTables == nil {
				t.Errorf("granted %q by the tables alone", a.command)
			}
		})
	}
	t.Logf("attacks by class: %v", classes)
}
