//go:build unix

package reviewguard

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// An attack is a command an attacker would like the reviewer to run: one that writes a file,
// runs a program or opens a connection, spelled so that a guard reading the text as words
// might take it for reading.
type attack struct {
	class   string
	command string // {tcp} and {udp} stand for the bench's listening ports
	// harms: run for real on the bench, it does change a file, run a planted program or open a
	// connection. Checked, so that the table proves the guard refuses what would do harm, and
	// cannot go stale when a tool changes.
	harms bool
	rules []string // supervisor.allowed_tools; the defaults and a test runner when nil
	path  string   // $PATH of the run when not the bench's
}

var attacks = []attack{
	// GNU getopt_long takes any unambiguous abbreviation, --opt=value and --opt value, bundles
	// of short options with a value attached, and options after the operands.
	{"abbreviation", "sort --out=OUT a.txt", true, nil, ""},
	{"abbreviation", "sort --outp OUT a.txt", true, nil, ""},
	{"abbreviation", "sort -S 1K --compress=P --batch-size=2 a.txt b.txt nums.txt", false, nil, ""},
	{"abbreviation", "sort --compress-prog=P a.txt", false, nil, ""},
	{"abbreviation", "sort --temporary-d=. a.txt", false, nil, ""},
	{"bundle", "sort -ro OUT a.txt", true, nil, ""},
	{"bundle", "sort -oOUT a.txt", true, nil, ""},
	{"bundle", "sort -nroOUT a.txt", true, nil, ""},
	{"after operands", "sort a.txt -o OUT", true, nil, ""},
	{"after operands", "sort a.txt --output=OUT", true, nil, ""},
	// git's own parser: abbreviations (where parse-options takes them), bundles, values.
	{"git options", "git grep --open=P hello", true, nil, ""},
	{"git options", "git grep --open-files-in-pager=P hello", true, nil, ""},
	{"git options", "git grep -iOP hello", true, nil, ""},
	{"git options", "git grep -O P hello", false, nil, ""},
	{"git options", "git diff --output=OUT HEAD~1", true, nil, ""},
	{"git options", "git log -p --output=OUT -1", true, nil, ""},
	{"git options", "git diff --output OUT HEAD~1", true, nil, ""},
	{"git options", "git grep --recurse-submodules s", false, nil, ""},
	{"git options", "git diff --ignore-submodules=none", false, nil, ""},
	{"git options", "git -c diff.external=P diff", true, nil, ""},
	{"git options", "git -p log -1", false, nil, ""},
	{"git options", "git diff --output=OUT", true, []string{"Bash(git:*)"}, ""},
	{"git options", "git grep --op=P hello", true, []string{"Bash(git grep:*)"}, ""},
	{"git options", "git tag v2", true, nil, ""},
	{"git options", "git tag -- -v v2", false, nil, ""},
	// Globs: bash replaces them with file names after the guard has looked, and the tree holds
	// files named --output=OUT, -delete, --pre=P, -oOUT and --hostname-bin=P.
	{"glob", "git diff *", true, nil, ""},
	{"glob", "git diff HEAD~1 *", true, nil, ""},
	{"glob", "git diff *", true, []string{"Bash(git diff:*)"}, ""},
	{"glob", "sort --o* a.txt", true, nil, ""},
	{"glob", "sort a.txt -?OUT", true, nil, ""},
	{"glob", "sort [-]-output=OUT a.txt", true, nil, ""},
	{"glob", "find . -name a.txt -delet?", true, nil, ""},
	{"glob", "find . -name a.txt -de*", true, nil, ""},
	{"glob", "rg hello --p*", true, nil, ""},
	{"glob", "rg hello ./a.txt --*=P", true, nil, ""},
	{"glob", "go test *", false, nil, ""},
	// A glob that brings a second operand to a program that writes to it: uniq's output file.
	{"glob", "uniq -- [ab].txt", true, nil, ""},
	{"glob", "uniq [ab].txt", true, nil, ""},
	{"glob", "uniq -c -- ?.txt", true, nil, ""},
	{"glob", "sort a.txt | uniq - [b].txt", true, nil, ""},
	// Programs that run programs.
	{"runs a program", "rg --pre=P hello", true, nil, ""},
	{"runs a program", "rg --pre P hello", true, nil, ""},
	{"runs a program", "rg -z hello a.txt.gz", true, nil, ""},
	{"runs a program", "rg --search-zip hello", true, nil, ""},
	{"runs a program", "rg --hostname-bin=P --hyperlink-format=default hello", false, nil, ""},
	{"runs a program", `find . -name a.txt -exec P {} \;`, true, nil, ""},
	{"runs a program", "find . -name a.txt -execdir P {} +", true, nil, ""},
	{"runs a program", "find . -name a.txt -fprint OUT", true, nil, ""},
	{"runs a program", "find . -name a.txt -delete", true, nil, ""},
	{"runs a program", `find . -newer a.txt -ok P {} \;`, false, nil, ""},
	// grep is ugrep in Claude Code's Bash tool, find is bfs: their own ways to run or delete,
	// refused though GNU grep and find, which the bench runs, lack them.
	{"runs a program", "grep --filter='*:P' hello a.txt", false, nil, ""},
	{"runs a program", "grep --pager=P hello a.txt", false, nil, ""},
	{"runs a program", "grep --save-config=OUT hello a.txt", false, nil, ""},
	{"runs a program", "find . -name a.txt -rm", false, nil, ""},
	{"runs a program", "diff -l a.txt b.txt", false, nil, ""},
	{"runs a program", "diff --paginate a.txt b.txt", false, nil, ""},
	{"runs a program", "xargs P < a.txt", true, nil, ""},
	{"runs a program", "cat a.txt | P", true, nil, ""},
	{"runs a program", "./P", true, nil, ""},
	{"runs a program", "cat a.txt", true, nil, "bin:/usr/bin:/bin"},
	// The network: bash opens /dev/tcp and /dev/udp itself.
	{"network", "cat </dev/tcp/127.0.0.1/{tcp}", true, nil, ""},
	{"network", "cat < '/dev/tcp/127.0.0.1/{tcp}'", true, nil, ""},
	{"network", "echo hi > /dev/udp/127.0.0.1/{udp}", true, nil, ""},
	{"network", "cat 0</dev/tcp/127.0.0.1/{tcp}", true, nil, ""},
	{"network", "cat <>/dev/tcp/127.0.0.1/{tcp}", true, nil, ""},
	{"network", "git log -1 < /dev/tcp/127.0.0.1/{tcp}", true, nil, ""},
	// How bash turns the text into words: quotes, backslashes, line continuations, braces,
	// tildes, parameters, arithmetic, here-documents.
	{"bash words", `sort \-o OUT a.txt`, true, nil, ""},
	{"bash words", `sort '-o' OUT a.txt`, true, nil, ""},
	{"bash words", `sort "-"o OUT a.txt`, true, nil, ""},
	{"bash words", `sort -\o OUT a.txt`, true, nil, ""},
	{"bash words", "sort --out\\\nput=OUT a.txt", true, nil, ""},
	{"bash words", `sort "--out\put=OUT" a.txt`, false, nil, ""},
	{"bash words", `sort {-o,OUT} a.txt`, true, nil, ""},
	{"bash words", `sort {-oOUT,a.txt}`, true, nil, ""},
	{"bash words", `sort {-oOt}UT,a.txt}`, true, nil, ""}, // found by FuzzCheckBash: bash passes over the first }
	{"bash words", `sort $'-o' OUT a.txt`, true, nil, ""},
	{"bash words", `sort $'\x2do' OUT a.txt`, true, nil, ""},
	{"bash words", `sort $"-o" OUT a.txt`, true, nil, ""},
	{"bash words", `o=-o; sort $o OUT a.txt`, true, nil, ""},
	{"bash words", `sort ${o:--o} OUT a.txt`, true, nil, ""},
	{"bash words", `sort $(echo -o) OUT a.txt`, true, nil, ""},
	{"bash words", "sort `echo -o` OUT a.txt", true, nil, ""},
	{"bash words", `test -v 'a[$(P)]'`, true, nil, ""},
	{"bash words", `[ -v 'a[$(P)]' ]`, true, nil, ""},
	{"bash words", `[[ -v a[$(P)] ]]`, true, nil, ""},
	{"bash words", `echo $((a[$(P)]))`, true, nil, ""},
	{"bash words", `cat a.txt ~+/../repo/a.txt > OUT`, true, nil, ""},
	{"bash words", "cat <<EOF\n$(P)\nEOF", true, nil, ""},
	{"bash words", "cat <<EOF\n${x:=$(P)}\nEOF", true, nil, ""},
	{"bash words", "cat <<< $(P)", true, nil, ""},
	{"bash words", "cat <(P)", true, nil, ""},
	{"bash words", "echo a.txt >(P)", true, nil, ""},
	{"bash words", "cat <<'EOF' > OUT\nx\nEOF", true, nil, ""},
	{"bash words", "echo x; P", true, nil, ""},
	{"bash words", "ls && P", true, nil, ""},
	{"bash words", "ls || true && P", true, nil, ""},
	{"bash words", "(P)", true, nil, ""},
	{"bash words", "{ P; }", true, nil, ""},
	{"bash words", "P & wait", true, nil, ""},
	{"bash words", "if true; then P; fi", true, nil, ""},
	{"bash words", "f() { P; }; f", true, nil, ""},
	{"bash words", "alias cat=P", false, nil, ""},
	{"bash words", "eval P", true, nil, ""},
	{"bash words", "exec P", true, nil, ""},
	{"bash words", "command P", true, nil, ""},
	{"bash words", "env P", true, nil, ""},
	{"bash words", "time P", true, nil, ""},
	{"bash words", "cat a.txt 1>OUT", true, nil, ""},
	{"bash words", "cat a.txt >|OUT", true, nil, ""},
	{"bash words", "cat a.txt &>OUT", true, nil, ""},
	{"bash words", "cat a.txt 2>>OUT", true, nil, ""},
	{"bash words", "cat a.txt >&OUT", true, nil, ""},
	{"bash words", "cat a.txt 1<>OUT", true, nil, ""},
	{"bash words", "ls {fd}>OUT", true, nil, ""},
	{"bash words", "cat a.txt > *.nope", true, nil, ""},
	{"bash words", "GIT_EXTERNAL_DIFF=P git diff", true, nil, ""},
	// Which repository git reads its configuration from.
	{"repository", "git -C nested diff", true, nil, ""},
	{"repository", "git -C nested status", false, nil, ""},
	{"repository", "git --git-dir=bare.git diff HEAD~1 HEAD", true, nil, ""},
	{"repository", "git --git-dir bare.git diff HEAD~1 HEAD", true, nil, ""},
	{"repository", "git --git-dir=nested/.git --work-tree=nested diff", true, nil, ""},
	{"repository", "cd nested && git diff", true, nil, ""},
	{"repository", "(cd nested; git diff)", true, nil, ""},
	{"repository", "cd bare.git && git diff HEAD~1 HEAD", true, nil, ""},
	{"repository", "cd sub && git diff", true, nil, ""},
	{"repository", "cd nested && git diff", true, []string{"Bash(git diff:*)", "Bash(cd:*)"}, ""},
	// Where bash and the guard's parser read the text apart: a comment that ends in a backslash
	// (bash ends it at the newline; the parser joins the next line to the command before it), a
	// here-document whose delimiter line bash joins from two.
	{"read apart", "git status # see below \\\nrm -f a.txt", true, nil, ""},
	{"read apart", "git status # see below \\\nrm -f a.txt", true, []string{}, ""},
	{"read apart", "ls #\\\nP", true, nil, ""},
	{"read apart", "git log -1 #x\\\ncat a.txt > OUT", true, nil, ""},
	{"read apart", "grep -c hello a.txt # \\\\\\\nP", true, nil, ""},
	{"read apart", "cat <<EOF\nx\nEO\\\nF\nrm -f a.txt\nEOF", true, nil, ""},
	{"read apart", "cat <<EOF\nx\nE\\\nOF\nP\nEOF", true, nil, ""},
	{"read apart", "cat <<'EOF'\nx\\\nEOF\nP\nEOF", true, nil, ""},
	{"read apart", "cat <<EOF | grep y\nx\nEO\\\nF\nP\nEOF", true, nil, ""},
	// A body line that is a lone backslash: bash joins the delimiter line to it.
	{"read apart", "cat <<EOF\n\\\nEOF\nrm -f a.txt\nEOF", true, nil, ""},
	{"read apart", "cat <<EOF\n\\\nEOF\nP\nEOF", true, []string{}, ""},
	{"read apart", "cat <<-EOF\n\t\\\n\tEOF\nP\nEOF", true, nil, ""},
	// What a table refuses, no rule grants: git's manual viewer (here the planted man), a
	// second operand of uniq (its output file), sed's and tree's writes and programs.
	{"no rule grants it", "git log --help", true, nil, ""},
	{"no rule grants it", "git log --hel", false, nil, ""},
	{"no rule grants it", "git help log", true, []string{"Bash(git:*)"}, ""},
	{"no rule grants it", "git --help log", true, []string{"Bash(git:*)"}, ""},
	{"no rule grants it", "git diff --help", true, []string{"Bash(git diff:*)"}, ""},
	{"no rule grants it", "uniq a.txt OUT", true, nil, ""},
	{"no rule grants it", "uniq -c a.txt OUT", true, []string{"Bash(uniq:*)"}, ""},
	{"no rule grants it", "sort a.txt | uniq -c - OUT", true, nil, ""},
	{"no rule grants it", "uniq a.txt *.nope", false, nil, ""},
	{"no rule grants it", "sed -n 'w OUT' a.txt", true, nil, ""},
	{"no rule grants it", "sed -n '1w OUT' a.txt", true, []string{"Bash(sed:*)"}, ""},
	{"no rule grants it", "sed 's/hello/bye/w OUT' a.txt", true, nil, ""},
	{"no rule grants it", "sed -i s/hello/bye/ a.txt", true, nil, ""},
	{"no rule grants it", "sed -ni s/hello/bye/ a.txt", true, nil, ""},
	{"no rule grants it", "sed --in-place=.bak -e s/hello/bye/ a.txt", true, nil, ""},
	{"no rule grants it", "sed -n '1e P' a.txt", true, nil, ""},
	{"no rule grants it", "sed 's/.*/P/e' a.txt", true, nil, ""},
	{"no rule grants it", "sed -f script.sed a.txt", false, nil, ""},
	{"no rule grants it", "tree -o OUT", true, nil, ""},
	{"no rule grants it", "tree -L 1 -R", true, nil, ""},
	{"no rule grants it", "tree -aoOUT", false, nil, ""},
	{"no rule grants it", "file -z a.txt.gz", false, nil, ""},
	{"no rule grants it", "file -C -m OUT", false, nil, ""},
	{"no rule grants it", "file --uncompress a.txt.gz", false, []string{"Bash(file:*)"}, ""},
	{"no rule grants it", "jq -f a.txt data.json", false, nil, ""},
	{"no rule grants it", "jq -L . 'include \"x\"; .' data.json", false, nil, ""},
	{"no rule grants it", "test -v 'a[$(P)]'", true, []string{"Bash(test:*)"}, ""},
	{"no rule grants it", "[ -n x -a -v 'a[$(P)]' ]", true, nil, ""},
}

// reading are commands a reviewer needs: granted, and run on the bench they change nothing.
var reading = []string{
	"git diff", "git diff HEAD~1", "git diff HEAD~1 -- a.txt", "git diff --stat", "git diff --cached",
	"git log -p", "git log --oneline -5", "git log -p -1 -- a.txt", "git log --format=%h%x20%s -3",
	"git log --since=2.weeks --author=A --grep=two", "git --no-pager log -2", "git show HEAD",
	"git show HEAD:a.txt", "git show --stat HEAD~1", "git status", "git status --short",
	"git status -sb", "git grep -n hello", "git grep -in hello", "git grep -e hello -- '*.txt'",
	"git blame a.txt", "git blame -L 1,2 a.txt", "git ls-files", "git ls-tree -r HEAD",
	"git branch -a", "git branch --list 'ma*'", "git tag", "git stash list", "git rev-parse --show-toplevel",
	"git rev-parse HEAD", "git describe --always", "git log @{u}..HEAD", "git log HEAD@{1} -1",
	"grep -rn hello .", "grep -rn hello --include='*.txt' .", "grep -c hello a.txt b.txt",
	"grep -rn hello . 2>/dev/null; wc -l a.txt", "find . -name '*.txt'", "find . -type f -newer a.txt",
	"find . -maxdepth 1 -name '*.txt' -print", "sort -k2 -t ' ' nums.txt", "sort -n -r nums.txt",
	"sort -u a.txt b.txt | head -3", "rg -n hello", "rg -l hello --glob '*.txt'", "rg -n -i HELLO a.txt",
	"ls -la", "ls *", "ls dir/*.txt", "cat a.txt | head -5", "wc -l *.txt", "head -n 3 a.txt",
	"head -3 a.txt", "tail -5 a.txt", "diff a.txt b.txt", "diff -u a.txt b.txt", "cmp a.txt b.txt",
	"cat <<'EOF'\nhello\nEOF", "cat <<EOF\nhello\nEOF", "grep hello <<< 'hello there'",
	"echo hi 2>/dev/null", "grep -c hello a.txt 2>&1", "stat a.txt", "du -sh .", "cut -d' ' -f1 nums.txt",
	"nl a.txt", "basename dir/c.txt", "pwd", "echo *", "cat 'a.txt' \"b.txt\"", "cat a\\.txt",
	"git diff > /dev/null 2>&1", "(git status; git log -1)", "{ ls; pwd; }", "! grep -q nothing a.txt",
	"realpath a.txt", "which git",
	// Reading as reviewers read: sed printing, jq, uniq after sort, git shortlog, a glob after
	// --, test and [, od, file, tree.
	"sed -n '1,2p' a.txt", "sed -n '/hello/p' a.txt", "sed 's/hello/bye/' a.txt", "sed -n '$=' a.txt",
	"sed -ne '2{p;q}' a.txt", "sed -n -e '/again/=' -e '1p' a.txt b.txt", "sed '1d;s/^/> /' a.txt",
	"jq . data.json", "jq -r .name data.json", "jq '.items[] | select(.n > 1)' data.json",
	`jq -c '[.items[].n] | add' data.json`, `jq --arg k n '.items | map(.[$k])' data.json`,
	`jq -n '"\(1 + 2) items"'`, "jq 'keys' data.json",
	"sort a.txt | uniq -c", "sort a.txt b.txt | uniq -d", "uniq -c a.txt", "git shortlog -sn HEAD",
	"git shortlog -sne HEAD", "grep -n hello -- *.txt", "grep -c hello -- *.txt dir/*.txt",
	"rg -n hello -- *.txt", "test -f a.txt", "[ -f a.txt ]", "[ -d dir ] && ls dir", "test -s a.txt && echo nonempty",
	"od -c a.txt", "od -An -tx1 -N 8 a.txt", "file a.txt", "file -b --mime-type a.txt data.json",
	"tree", "tree -L 1 dir", "tree -a -I '.git' --noreport", "cat -- *.txt", "wc -l *.json",
	// Granted in every spelling a reviewer uses: grep with a glob before "--" or in an option's
	// value, git's reflog, show-ref, diff-tree and for-each-ref, sha256sum and xxd.
	"grep -n hello *.txt", "grep -c hello dir/*", "grep -rn hello --include=*.txt .",
	"grep -rn --include=*.txt hello", "grep -rln hello --include='*.txt' --exclude-dir=.git .",
	"git reflog", "git reflog -3", "git reflog show", "git reflog show main", "git reflog --date=iso -2",
	"git reflog exists main", "git show-ref", "git show-ref --heads", "git show-ref --tags -d",
	"git show-ref -s --verify refs/heads/main", "git diff-tree -r HEAD", "git diff-tree --stat HEAD~1 HEAD",
	"git diff-tree -p HEAD~1 HEAD -- a.txt", "git diff-tree --no-commit-id --name-only -r HEAD",
	"git for-each-ref", "git for-each-ref --format='%(refname:short) %(objectname:short)' refs/heads",
	"git for-each-ref --sort=-committerdate --count=3", "git for-each-ref --format='%(refname)' refs/tags",
	"sha256sum a.txt", "sha256sum *.txt", "sha256sum -- *.txt", "sha256sum --tag a.txt b.txt",
	"sha256sum -b dir/c.txt", "cat a.txt | sha256sum", "xxd a.txt", "xxd -l 16 a.txt", "xxd -c8 a.txt",
	"xxd -c 8 -g 2 a.txt", "xxd -p a.txt", "xxd -s 4 -l 8 a.txt", "xxd -ps -- a.txt", "cat a.txt | xxd -i",
}

func TestAttacksAreRefused(t *testing.T) {
	t.Parallel()
	b := sharedBench(t)
	needRipgrep(t)
	classes := map[string]int{}
	root := b.copy(t) // one copy for all, put back after each run that changed it
	for _, a := range attacks {
		classes[a.class]++
		rules := a.rules
		if rules == nil {
			rules = defaultRules
		}
		where := b.place(b.template)
		if a.path != "" {
			where.Path = a.path
		}
		// The guard judges the command with ports of its own: no port changes its reading.
		err := Check("Bash", bash(strings.NewReplacer("{tcp}", "9", "{udp}", "9").Replace(a.command)), rules, where)
		if err == nil {
			r := b.run(t, a.command, a.path)
			t.Errorf("%s: granted %q; run, it did: %v", a.class, a.command, r.harm)
		}
		if !a.harms {
			continue
		}
		r := b.runIn(t, root, a.command, a.path)
		if len(r.harm) == 0 {
			t.Errorf("%s: run on the bench, %q changed nothing: the attack no longer shows the harm it stands for", a.class, a.command)
			continue
		}
		root = b.restore(t, root, r.harm)
	}
	if len(attacks) < 40 {
		t.Errorf("%d attacks, want at least 40", len(attacks))
	}
	t.Logf("attacks by class: %v", classes)
}

func TestReadingCommandsAreGrantedAndChangeNothing(t *testing.T) {
	t.Parallel()
	b := sharedBench(t)
	needRipgrep(t)
	// One copy of the bench for all: a command that changed it fails, and the next gets a new one.
	root := b.copy(t)
	for _, command := range reading {
		// Granted by the tables alone, as with allowed_tools set to [], and with the defaults.
		if err := Check("Bash", bash(command), nil, b.place(b.template)); err != nil {
			t.Errorf("refused %q without rules: %v", command, err)
			continue
		}
		if err := Check("Bash", bash(command), defaultRules, b.place(b.template)); err != nil {
			t.Errorf("refused %q: %v", command, err)
			continue
		}
		if r := b.runIn(t, root, command, ""); len(r.harm) > 0 {
			t.Errorf("run on the bench, %q did: %v", command, r.harm)
			root = b.copy(t)
		}
	}
}

// needRipgrep skips a test that runs rg where it is not installed, and fails it in CI, which
// installs it (.ci/run).
func needRipgrep(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("rg"); err != nil {
		testneed.Missing(t, "ripgrep is not installed (apt-get install ripgrep; .ci/run installs it)")
	}
}
