//go:build unix

package reviewguard

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// FuzzCheckBash: Check never panics, and whatever Bash command it grants, bash — run for real
// in a repository of option-shaped file names, every program a recorder — runs only programs with
// words the guard judged (read twice, off the recorders and off bash's own trace of every command
// it ran, builtins and compound commands included: bashTrace), and none of them with an option
// that writes a file or runs a program as the program's own parser would read it (dangerous:
// getopt's abbreviations and bundles, find's primaries); then the command runs for real, the
// programs themselves reading their words — git through the review's git view — with a planted
// program first on $PATH: nothing in the repository may change, nothing planted may run, and the
// command must end (realRun). The command may hold no substitution, no redirection into a file or
// to the network, and no background job — read by this oracle's own means (mvdan.cc/sh's expand
// package, not the guard's reading of words).
func FuzzCheckBash(f *testing.F) {
	for _, a := range attacks {
		f.Add(a.command)
	}
	for _, c := range reading {
		f.Add(c)
	}
	for _, s := range stalls {
		f.Add(s.command)
	}
	for _, a := range gitValueAttacks {
		f.Add(a.command)
	}
	for _, seed := range []string{
		"git status", "ls -la && cat go.mod | head -20", "go test ./... 2>&1 | tail -30",
		"cat <<'EOF'\nhello\nEOF", "git diff | tee out.patch", "echo $(rm -f x)", "ls >&out",
		"{ git diff; } > f", "ls & rm x", "X=1 ls", "ls $HOME", "echo ok 1>/dev/null 2>&1",
		`grep -rn TODO . 2>/de""v/null`, `ls 2>'/dev/'null`, `ls 2>"/dev/nul"l.txt`,
		"sort -k1 -- -o", "ls -- *", "grep -e -o x", "git log --format=%h -1 -- '*.go'",
		// Comments, continuations and here-documents: where bash and a parser may part.
		"git status # see below", "ls # a comment\nwc -l a.txt", "ls \\\n-la", "echo a\\\n#b",
		"git log -1 #x", "cat <<EOF\nbody\nEOF\necho after", "cat <<-EOF\n\tbody\n\tEOF",
		"cat <<'EOF' | wc -l\na\nb\nEOF", "cat <<A; cat <<B\na\nA\nb\nB", "echo x #\\",
		"echo 'a#b' \"c # d\" e\\#f", "ls;#c\nls", "(ls) # x", "{ ls; } #y", "ls \\\n# c\nls",
		"cat <<EOF\nEOF", "echo ok >nul", "echo ok 2> NUL", "grep -c x a.txt # \\",
		// Options that take the next word, "--" included, before a glob of option-shaped names.
		"git log -L -- -*", "git grep -e -- -*", "git branch --sort -- -* f*", "sort -t -- -*",
		"git log --decorate-refs -- -* a.txt", "git blame -S -- -* a.txt", "uniq -- [ab].txt",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, command string) {
		if testing.Short() {
			t.Skip("runs what it grants with bash: not in -short runs")
		}
		fz := theFuzzRepo(t)
		input := bash(command)
		if Check("Bash", input, defaultRules, fz.where) != nil {
			return
		}
		// What Check saw: JSON carries no invalid UTF-8, so such bytes arrive replaced.
		var in struct{ Command string }
		if err := json.Unmarshal(input, &in); err != nil {
			t.Fatal(err)
		}
		command = asClaudeCodeRuns(in.Command) // as Claude Code hands it to bash, and Check judged it
		checkStructure(t, command)
		before := snapshot(t, fz.dir)
		runs := bashRuns(t, fz.dir, command)
		if after := snapshot(t, fz.dir); !maps.Equal(after, before) {
			t.Fatalf("granted %q, which changed the repository:\n%v\nto\n%v", command, before, after)
		}
		cmds, err := parseCommand(command)
		if err != nil {
			t.Fatalf("granted %q, which the guard cannot read: %v", command, err)
		}
		if !anyGlob(cmds) {
			if extra := unjudged(runs, judged(cmds)); len(extra) > 0 {
				t.Fatalf("granted %q; bash ran %q, which the guard never judged (it judged %q)", command, extra, judged(cmds))
			}
			if extra := unjudged(bashTrace(t, fz.dir, command), judged(cmds)); len(extra) > 0 {
				t.Fatalf("granted %q; bash traced %q, which the guard never judged (it judged %q)", command, extra, judged(cmds))
			}
		}
		for _, run := range runs {
			if why := dangerous(run); why != "" {
				t.Fatalf("granted %q; bash ran %q, which %s", command, run, why)
			}
		}
		if harm := fz.realRun(t, command); len(harm) > 0 {
			t.Fatalf("granted %q; run for real, it did: %v", command, harm)
		}
	})
}

func anyGlob(cmds []simpleCommand) bool {
	for _, c := range cmds {
		for _, a := range c.args {
			if a.glob {
				return true
			}
		}
	}
	return false
}

// fuzzNames are the files of the fuzz repository: option-shaped names that a glob may turn into
// options (of git's too: -OP runs P as git grep's pager, -D deletes a branch, -d a tag, expire is
// git reflog's subcommand), the names a glob brings after them (feature, v1), and files to read.
var fuzzNames = []string{
	"a.txt", "b.txt", "--output=OUT", "--output=a.txt", "-delete", "--pre=P", "-oOUT", "-exec",
	"--open-files-in-pager=P", "-O", "-OP", "-z", "-l", "--paginate", "-c", "-C", "-D", "-d",
	"feature", "v1", "expire", "-L", "-e", "-f-", "--files0-from=a.txt", "-R",
}

// A fuzzRepo is where the fuzzer's commands run: a git repository holding fuzzNames (a.txt and
// b.txt committed, on the branch main, with a branch feature and a tag v1), the review's git view for
// it, and a planted program P that records its runs. Shared by every input of the fuzzer and
// removed by TestMain.
type fuzzRepo struct {
	dir, marker string
	env         []string // the reviewer's: its git through the view
	where       Place
}

var (
	fuzzRepoOnce sync.Once
	theFuzz      *fuzzRepo
	fuzzDirPath  string
)

func theFuzzRepo(t *testing.T) *fuzzRepo {
	t.Helper()
	fuzzRepoOnce.Do(func() {
		root, err := os.MkdirTemp("", "reviewguard-fuzz-") //nolint:usetesting // shared by every input
		if err != nil {
			t.Fatal(err)
		}
		fuzzDirPath = root
		fz, err := layOutFuzzRepo(root)
		if err != nil {
			t.Fatal(err)
		}
		theFuzz = fz
	})
	if theFuzz == nil {
		t.Fatal("no fuzz repository")
	}
	return theFuzz
}

func layOutFuzzRepo(root string) (*fuzzRepo, error) {
	dir, planted, home := filepath.Join(root, "repo"), filepath.Join(root, "planted"), filepath.Join(root, "home")
	fz := &fuzzRepo{dir: dir, marker: filepath.Join(root, "ran")}
	if err := writeFile(filepath.Join(planted, "P"), "#!/bin/sh\necho \"$0 $*\" >> \"$"+markerEnv+"\"\n", 0o755); err != nil {
		return nil, err
	}
	for _, name := range fuzzNames {
		if err := writeFile(filepath.Join(dir, name), "hello\n", 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(home, "no-template"), 0o755); err != nil {
		return nil, err
	}
	plain := []string{
		"HOME=" + home, "PATH=/usr/local/bin:/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C",
		"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@example.com",
	}
	for _, argv := range [][]string{
		{"init", "-q", "--template=" + filepath.Join(home, "no-template"), "-b", "main"},
		{"add", "a.txt", "b.txt"},
		{"commit", "-qm", "one"},
		{"branch", "feature"},
		{"tag", "v1"},
	} {
		c := exec.Command("git", argv...)
		c.Dir, c.Env = dir, plain
		if out, err := c.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("fuzz repository: git %s: %w\n%s", strings.Join(argv, " "), err, out)
		}
	}
	w, err := buildView(dir, filepath.Join(root, "walls"))
	if err != nil {
		return nil, err
	}
	path := planted + ":/usr/local/bin:/usr/bin:/bin"
	fz.env = slices.Concat(Environment([]string{"HOME=" + home, "PATH=" + path, "LC_ALL=C"}), w.Env(),
		[]string{markerEnv + "=" + fz.marker})
	fz.where = Place{Cwd: dir, Root: dir, Path: path, Tree: w.WorkTree, GitEnv: GitEnvironment(fz.env), Home: home}
	return fz, nil
}

// realRun runs command with bash in the fuzz repository as the reviewer's Bash tool would — its
// programs reading their own words, git through the view — and says what it did: a planted
// program that ran, a file of the repository changed, a run past the bound.
func (fz *fuzzRepo) realRun(t *testing.T, command string) []string {
	t.Helper()
	before := snapshot(t, fz.dir)
	ctx, cancel := context.WithTimeout(context.Background(), runBound)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", command)
	c.Dir, c.Env = fz.dir, fz.env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	c.WaitDelay = time.Second
	_, _ = c.CombinedOutput()
	var harm []string
	if ctx.Err() != nil {
		harm = append(harm, "did not end within "+runBound.String())
	}
	if data, err := os.ReadFile(fz.marker); err == nil {
		_ = os.Remove(fz.marker)
		harm = append(harm, "ran "+strings.TrimSpace(string(data)))
	}
	return append(harm, differences(before, snapshot(t, fz.dir), nil)...)
}

// checkStructure reads the granted command with its own parse: no substitution, expansion,
// control structure or background job, and no redirection that writes anything but /dev/null
// or reads from the network — each redirection's file read by mvdan.cc/sh's expand.Literal.
func checkStructure(t *testing.T, command string) {
	t.Helper()
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		t.Fatalf("granted %q, which does not parse: %v", command, err)
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ArithmCmd,
			*syntax.ParamExp, *syntax.FuncDecl, *syntax.IfClause, *syntax.WhileClause,
			*syntax.ForClause, *syntax.CaseClause, *syntax.DeclClause, *syntax.LetClause,
			*syntax.TestClause, *syntax.TimeClause, *syntax.CoprocClause, *syntax.ExtGlob:
			t.Fatalf("granted %q, which holds a %T", command, n)
		case *syntax.Stmt:
			if n.Background || n.Coprocess || n.Disown {
				t.Fatalf("granted %q, which runs a background job", command)
			}
		case *syntax.CallExpr:
			if len(n.Assigns) > 0 {
				t.Fatalf("granted %q, which assigns a variable", command)
			}
		case *syntax.Redirect:
			checkRedirect(t, command, n)
		}
		return true
	})
}

func checkRedirect(t *testing.T, command string, rd *syntax.Redirect) {
	t.Helper()
	target, err := expand.Literal(nil, rd.Word)
	if err != nil {
		t.Fatalf("granted %q, whose redirection %s cannot be read: %v", command, rd.Op, err)
	}
	if strings.Contains(target, "/dev/tcp") || strings.Contains(target, "/dev/udp") {
		t.Fatalf("granted %q, which redirects %s %s", command, rd.Op, target)
	}
	switch rd.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob, syntax.RdrInOut:
		if target != "/dev/null" {
			t.Fatalf("granted %q, which writes %s", command, target)
		}
	case syntax.DplOut, syntax.DplIn:
		if strings.Trim(target, "0123456789") != "" && target != "-" && target != "/dev/null" {
			t.Fatalf("granted %q, which duplicates onto %s", command, target)
		}
	}
}

// writers are programs that change files or run other programs.
var writers = map[string]bool{
	"rm": true, "mv": true, "cp": true, "tee": true, "dd": true, "touch": true, "chmod": true,
	"chown": true, "ln": true, "mkdir": true, "rmdir": true, "truncate": true,
	"awk": true, "perl": true, "python": true, "python3": true, "sh": true, "bash": true,
	"xargs": true, "env": true, "eval": true, "exec": true, "source": true, ".": true,
	"install": true, "patch": true, "make": true, "npm": true, "curl": true, "wget": true,
	"P": true, "x": true, "cd": true,
}

// readingGit are the git subcommands that only read (in the forms the oracle also checks).
var readingGit = map[string]bool{
	"status": true, "diff": true, "log": true, "show": true, "blame": true, "rev-parse": true,
	"ls-files": true, "ls-tree": true, "cat-file": true, "describe": true, "shortlog": true,
	"grep": true, "rev-list": true, "merge-base": true, "whatchanged": true, "branch": true,
	"tag": true, "stash": true, "remote": true, "reflog": true, "show-ref": true, "diff-tree": true,
	"for-each-ref": true,
}

// danger is the oracle's model of what a program's options do: the long options (by full name)
// and short options that write a file or run a program, and the options that take the next
// word as their value (values, long names, and valueShort, letters), so that the "--" that ends
// the options is told from an option's value "--" (after the end, names are operands: a glob may
// stand there).
type danger struct {
	long       []string
	short      string
	values     []string
	valueShort string
}

var dangers = map[string]danger{
	"sort": {
		long: []string{"output", "temporary-directory", "compress-program"}, short: "oT",
		valueShort: "kotST", values: []string{
			"key", "field-separator", "buffer-size", "output",
			"temporary-directory", "compress-program", "random-source", "files0-from", "batch-size", "parallel", "sort",
		},
	},
	"rg": {
		long: []string{"pre", "hostname-bin", "search-zip"}, short: "z",
		valueShort: "ABCEMdefgjmrtT", values: []string{
			"after-context", "before-context", "context",
			"colors", "color", "context-separator", "dfa-size-limit", "encoding", "engine", "file", "glob",
			"iglob", "ignore-file", "max-columns", "max-count", "max-depth", "maxdepth", "max-filesize",
			"path-separator", "pre", "pre-glob", "regex-size-limit", "regexp", "replace", "sort", "sortr",
			"threads", "type", "type-add", "type-clear", "type-not", "field-context-separator",
			"field-match-separator", "hostname-bin", "hyperlink-format",
		},
	},
	"diff": {long: []string{"paginate"}, short: "l", valueShort: "CDFIUSWXx", values: []string{
		"width",
		"show-function-line", "label", "tabsize", "exclude", "exclude-from", "starting-file", "from-file",
		"to-file", "ignore-matching-lines", "ifdef", "horizon-lines", "palette",
	}},
	"grep": {
		long: []string{"filter", "pager", "view", "query", "save-config", "config"}, short: "Q",
		valueShort: "ABCDdefm", values: []string{
			"regexp", "file", "max-count", "label", "binary-files",
			"directories", "devices", "include", "exclude", "exclude-from", "exclude-dir", "before-context",
			"after-context", "context",
		},
	},
	"tree": {short: "oR"},
	"file": {long: []string{"compile", "uncompress", "uncompress-noreport", "special-files", "preserve-date", "no-sandbox"}, short: "CzZspS"},
	"sed":  {long: []string{"in-place", "file"}, short: "if"},
	"jq":   {long: []string{"from-file", "library-path", "run-tests"}, short: "fL"},
}

// dangerous reads one program run as its program would — getopt_long's unique abbreviations and
// bundles of short options, wherever a word stands — and says what harm it does ("" for none).
func dangerous(run []string) string {
	name, args := run[0], run[1:]
	if writers[name] {
		return "writes files or runs programs"
	}
	switch name {
	case "test", "[":
		if slices.Contains(args, "-v") {
			return "is test -v, which evaluates its operand"
		}
		return ""
	case "uniq":
		if n := uniqOperands(args); n > 1 {
			return "is uniq with an output file"
		}
	case "sed":
		if why := sedSandboxed(args); why != "" {
			return why
		}
	case "jq":
		if why := jqEnds(args); why != "" {
			return why
		}
	}
	if name == "find" {
		for _, a := range args {
			switch a {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-rm", "-fprint", "-fprint0", "-fprintf", "-fls":
				return "is find " + a
			}
		}
		return ""
	}
	if name == "git" {
		// Which git options write or run is read by git itself, through the view (realRun): the
		// oracle reads only which subcommand runs, and with which global options.
		i := 0
		for i < len(args) && (args[i] == "--no-pager" || args[i] == "-P") {
			i++
		}
		switch {
		case i == len(args):
			return ""
		case strings.HasPrefix(args[i], "-"):
			return "gives git the global option " + args[i]
		case !readingGit[args[i]]:
			return "is git " + args[i]
		}
		return ""
	}
	d := dangers[name]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return "" // the options end: operands follow
		}
		if why := dangerousWord(a, d); why != "" {
			return why
		}
		if takesNext(a, d) {
			i++
		}
	}
	return ""
}

// takesNext reports whether the option word a takes the next word as its value, by d's model.
func takesNext(a string, d danger) bool {
	if rest, ok := strings.CutPrefix(a, "--"); ok {
		name, _, hasValue := strings.Cut(rest, "=")
		return !hasValue && slices.Contains(d.values, name)
	}
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	for j := 1; j < len(a); j++ {
		if strings.IndexByte(d.valueShort, a[j]) >= 0 {
			return j == len(a)-1
		}
	}
	return false
}

func dangerousWord(a string, d danger) string {
	if rest, ok := strings.CutPrefix(a, "--"); ok {
		name, _, _ := strings.Cut(rest, "=")
		if name == "" {
			return ""
		}
		for _, long := range d.long {
			if strings.HasPrefix(long, name) {
				return "gives --" + long + " (as " + a + ")"
			}
		}
		return ""
	}
	if strings.HasPrefix(a, "-") && strings.ContainsAny(a[1:], d.short) && d.short != "" {
		return "gives a short option of " + d.short + " (in " + a + ")"
	}
	return ""
}

// uniqOperands counts uniq's operands the way its getopt reads them, by the oracle's own model:
// words that are not options, past the values of -f, -s and -w (attached or the next word).
func uniqOperands(args []string) int {
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return n + len(args) - i - 1
		case a == "-" || !strings.HasPrefix(a, "-"):
			n++
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			for _, v := range []string{"skip-fields", "skip-chars", "check-chars"} {
				if !hasValue && name != "" && strings.HasPrefix(v, name) {
					i++
				}
			}
		case strings.ContainsAny(a[len(a)-1:], "fsw") && !strings.ContainsAny(a[1:len(a)-1], "fsw"):
			i++
		}
	}
	return n
}

// sedSandboxed asks GNU sed itself whether the script of a sed run writes, reads or runs
// (--sandbox rejects the e, r and w commands as it compiles the script), and whether it ends on
// two lines of input within two seconds: the oracle of sed's harm is sed.
func sedSandboxed(args []string) string {
	if _, err := exec.LookPath("sed"); err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "sed", append([]string{"--sandbox"}, args...)...)
	c.Dir = theFuzz.dir
	c.Stdin = strings.NewReader("hello\nworld\n")
	out, _ := c.CombinedOutput()
	switch {
	case ctx.Err() != nil:
		return "loops"
	case strings.Contains(string(out), "commands disabled in sandbox mode"):
		return "writes, reads or runs (sed --sandbox refuses it)"
	}
	return ""
}

// jqEnds runs a jq run for real, on no input, and says whether it fails to end within two
// seconds.
func jqEnds(args []string) string {
	if _, err := exec.LookPath("jq"); err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "jq", args...)
	c.Dir = theFuzz.dir
	_ = c.Run()
	if ctx.Err() != nil {
		return "does not end"
	}
	return ""
}
