//go:build unix

package reviewguard

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestReadersAsTheirProgramsRead: sed, jq, uniq, od, test and [, file and tree are granted as
// each reads its arguments, and refused with a reason that is true.
func TestReadersAsTheirProgramsRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		want    string // "" when granted, else a part of the reason
	}{
		{"sed -n '1,5p' f", ""},
		{"sed -n -e '/x/{p;q}' -e '$=' f", ""},
		{"sed 's/a\\/b/c/g;y/ab/ba/' f", ""},
		{"sed -n '0,/re/I p;2~3l 40' f", ""},
		{"sed -n '\\,x,p' f", ""},
		{"sed -n 'p # print' f", ""},
		{"sed -n", "sed without a script"},
		{"sed -e", ""},
		{"sed -n 'l 90;q0' f", ""},
		{"sed -n '9p;19~9p;$=' f", ""},
		{"sed 's/a/b/g ;p' f", ""},
		{"sed 'y/ab/' f", "no closing"},
		{"sed -n '\\,x' f", "no closing"},
		{"sed -n 'w out' f", "the command w writes a file"},
		{"sed 's/a/b/w out' f", "s///w writes a file"},
		{"sed 's/a/b/e' f", "s///e runs"},
		{"sed '1r /etc/passwd' f", "the command r reads a file"},
		{"sed -n ':a;ba' f", "the command : branches"},
		{"sed 'G;D' f", "the command G can make a script loop"},
		{"sed -n '1e ls' f", "the command e runs a program"},
		{"sed -n 'p' -i f", "-i writes the files in place"},
		{"sed -nip f", "-nip would be read as -i"},
		{"sed -f s.sed f", "-f reads the script from a file"},
		{"sed -n '1{p' f", "a { that is not closed"},
		{"sed -n 's/a/b' f", "no closing"},
		{"jq . f.json", ""},
		{"jq -n .", ""},
		{"jq --null-input .", ""},
		{"jq -n 'range9'", "range9/0 is not a form whose work the guard can bound"},
		{"jq -n 'exp10'", "exp10/0 is not a form"},
		{"jq -n 'recurse (.+1)'", "recurse/1 is not a form"},
		{"jq -n '999999 + 1'", ""},
		{"jq -n '1999999'", ""},
		{"jq -n '1.5 - 2'", ""},
		{"jq -n '[(1,2,3,4,5,6,7,8,9,10) as $a | (1,2,3,4,5,6,7,8,9,10) as $b | (1,2,3,4,5,6,7,8,9,10) as $c | (1,2,3,4,5,6,7,8,9,10) as $d | (1,2,3,4,5,6,7,8,9,10) as $e | (1,2,3,4,5,6,7,8,9,10) as $f | (1,2,3,4,5,6,7,8,9,10) as $g | (1,2,3,4,5,6,7,8,9,10) as $h | (1,2,3,4,5,6,7,8,9,10) as $i | 1] | length'", "steps on an input"},
		{"jq -n '\"xx\" | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | (. + .) | length'", "steps on an input"},
		{"jq 'reduce .[] as $x (.; . + .)' f.json", "reduce, foreach and labels"},
		{"jq '.[] | {name, version}' f.json", ""},
		{"jq -r '.[] | \"\\(.name)@\\(.version)\"' f.json", ""},
		{"cat f.json | jq '[.[] + .[]]'", "no known size"},
		{"cat f.json | jq '.[].name'", ""},
		{"jq -n '\"a\" # x \\\n| . + .'", "a backslash ends a line of the filter"},
		{"jq -n '\"abc'", "cannot parse the filter"},
		{"jq -n '\"a\\'", "cannot parse the filter"},
		{"jq -n '\"\\(1'", "cannot parse the filter"},
		{"jq -n '\"\\(\"x)'", "cannot parse the filter"},
		{"jq -n '\"\\(\"(\" + \"\\(range(1))\")\"'", "range/1 is not a form"},
		{"jq -r '.a | select(.b > 1) | \"\\(.c) x\"' f.json", ""},
		{"jq -nr --arg x 1 '$x'", ""},
		{"jq '.while, .range' f.json", ""},
		{"jq -n 'repeat(1)'", "repeat/1 is not a form"},
		{"jq -n '\"\\(range(3))\"'", "range/1 is not a form"},
		{"jq 'def f: f; f' f.json", "def defines functions"},
		{"jq -n 'recurse(.+1)'", "recurse/1 is not a form"},
		{"jq 'recurse' f.json", ""},
		{"jq 'import \"a\" as a; .' f.json", "a module or import loads files"},
		{"jq -n 'a::b'", "a::b/0 is not a form"},
		{"jq -f prog.jq f.json", "reads the filter from a file"},
		{"jq -nf prog.jq", "-f reads the filter from a file"},
		{"jq -L . .", "loads modules"},
		{"jq --run-tests t", "reads and runs a file of tests"},
		{"jq --bogus .", "the option --bogus is not granted"},
		{"jq", "jq without a filter"},
		{"uniq -c f", ""},
		{"uniq -c -f 1 f", ""},
		{"uniq f out", "would write its output to the file out"},
		{"uniq -- - out", "would write its output to the file out"},
		{"od -c f", ""},
		{"od -An -tx1 -w16 f", ""},
		{"test -f f", ""},
		{"[ -f f ]", ""},
		{"[ -n x -a -d y ]", ""},
		{"[ -f f", "[ without ] as its last word"},
		{"test -v x", "test -v evaluates its operand"},
		{"[ x = y -o -v z ]", "test -v evaluates its operand"},
		{"test -f *", "the unquoted pattern * may expand"},
		{"file f", ""},
		{"file -b --mime-type f", ""},
		{"file -z f.gz", "-z runs decompression programs"},
		{"file -s /dev/sda", "-s reads block and character devices"},
		{"file -C -m m", "-C writes a compiled magic file"},
		{"tree", ""},
		{"tree -L 2 -a -I node_modules", ""},
		{"tree -o out", "-o writes the listing to a file"},
		{"tree -R", "-R writes a listing file into each directory"},
		{"git shortlog -sn HEAD", ""},
		{"git shortlog -sne HEAD", ""},
		{"git log --help", "--help runs the manual viewer or browser"},
		{"git log -1 --hel", "would be read as --help"},
		{"grep -n x -- *.txt", ""},
		{"grep -n x *.txt", ""},
		{"rg -e -- *.txt", "the unquoted pattern *.txt may expand"},
		{"rg --regexp -- *.txt", "the unquoted pattern *.txt may expand"},
		{"ls #\nls a\\ b", ""},
		{"ls # x\\", "a comment holds a backslash"},
		{"sort -t -- *.txt", "the unquoted pattern *.txt may expand"},
		{"sort -- *.txt", ""},
		{"git diff -- '*.go' *.txt", ""},
		{"git diff *.txt -- x", "the unquoted pattern *.txt may expand"},
	}
	for _, tt := range tests {
		err := Check("Bash", bash(tt.command), nil, here)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v, want granted", tt.command, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q: %v, want refused with %q", tt.command, err, tt.want)
		}
	}
}

// TestRulesGrantNoTableRefusal: a rule of supervisor.allowed_tools grants a program as Claude
// Code matches it, never what its table refuses: git's help and --help, uniq's output file,
// sed's writes, jq's loops.
func TestRulesGrantNoTableRefusal(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rule, command string
	}{
		{"Bash(git:*)", "git help log"},
		{"Bash(git:*)", "git instaweb"},
		{"Bash(git:*)", "git difftool HEAD~1"},
		{"Bash(git:*)", "git commit --help"},
		{"Bash(git log:*)", "git log --help"},
		{"Bash(uniq:*)", "uniq a b"},
		{"Bash(sed:*)", "sed -i s/a/b/ f"},
		{"Bash(sed:*)", "sed -n 'w out' f"},
		{"Bash(jq:*)", "jq -n 'repeat(1)'"},
		{"Bash(tree:*)", "tree -o out"},
		{"Bash(file:*)", "file -z f.gz"},
		{"Bash(test:*)", "test -v x"},
		{"Bash(*)", "sed -f s.sed f"},
	} {
		if err := Check("Bash", bash(tt.command), []string{tt.rule}, here); err == nil {
			t.Errorf("%s granted %q", tt.rule, tt.command)
		}
	}
	// A rule still grants a writing subcommand the tables do not describe.
	if err := Check("Bash", bash("git commit -m x"), []string{"Bash(git:*)"}, here); err != nil {
		t.Errorf("Bash(git:*) refused git commit: %v", err)
	}
}

// TestTrueReasons: the reason given is the one that holds: [ is a program, not a pattern.
func TestTrueReasons(t *testing.T) {
	t.Parallel()
	err := Check("Bash", bash("[ -v x ]"), nil, here)
	if err == nil || strings.Contains(err.Error(), "pattern") || !strings.Contains(err.Error(), "-v") {
		t.Errorf("[ -v x ]: %v, want the reason -v", err)
	}
	if err := Check("Bash", bash("[a-z]* -x"), nil, here); err == nil || !strings.Contains(err.Error(), "is a pattern") {
		t.Errorf("[a-z]*: %v, want the program name is a pattern", err)
	}
}

// TestBackgroundIsRefused: a call that asks to run in the background is refused: no timeout
// bounds it and it outlives the review.
func TestBackgroundIsRefused(t *testing.T) {
	t.Parallel()
	in, _ := json.Marshal(map[string]any{"command": "git status", "run_in_background": true})
	if err := Check("Bash", in, defaultRules, here); err == nil || !strings.Contains(err.Error(), "background") {
		t.Errorf("run_in_background: %v", err)
	}
	in, _ = json.Marshal(map[string]any{"command": "git status", "run_in_background": false})
	if err := Check("Bash", in, defaultRules, here); err != nil {
		t.Errorf("run_in_background false: %v", err)
	}
}

// TestAsClaudeCodeRuns: the guard judges the command Claude Code hands bash: a redirection to
// nul, where the command holds no <, $ or `, is one to /dev/null.
func TestAsClaudeCodeRuns(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"ls >nul":             "ls >/dev/null",
		"ls 2> NUL; ls &>nul": "ls 2> /dev/null; ls &>/dev/null",
		"ls >>nul|wc":         "ls >>/dev/null|wc",
		"grep -e '>nul x' f":  "grep -e '>/dev/null x' f",
		"grep -e '>nul' f":    "grep -e '>nul' f",
		"ls >null":            "ls >null",
		"ls >nul < f":         "ls >nul < f",
		"echo $x >nul":        "echo $x >nul",
		"ls > nul)":           "ls > /dev/null)",
		"ls >nul\u00a0x":      "ls >/dev/null\u00a0x",
		"ls >nulx":            "ls >nulx",
		"plain":               "plain",
		"ls > >nul":           "ls > >/dev/null",
		"echo >x>nul":         "echo >x>/dev/null",
		"ls >nul\u2000":       "ls >/dev/null\u2000",
		"ls >nul\u200a":       "ls >/dev/null\u200a",
		"ls >nul\u200b":       "ls >nul\u200b",
		"ls >nul\u1fff":       "ls >nul\u1fff",
		"ls >":                "ls >",
		"ls >> \t":            "ls >> \t",
		"ls >nu":              "ls >nu",
		"ls >NuL":             "ls >/dev/null",
	} {
		if got := asClaudeCodeRuns(in); got != want {
			t.Errorf("asClaudeCodeRuns(%q) = %q, want %q", in, got, want)
		}
	}
	if err := Check("Bash", bash("git status >nul 2>NUL"), defaultRules, here); err != nil {
		t.Errorf("git status >nul: %v", err)
	}
}

// TestStdinLeftOpen reads Claude Code's two tests wider than Claude Code does.
func TestStdinLeftOpen(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"cat <<EOF\nx\nEOF": true, "cat <<< x": true, "grep x < f": true, "grep x <f": true,
		"<f cat": true, "ls;<f cat": true, "ls|<f cat": true, "grep '<div' f": false,
		"grep ' <div' f": true, "ls 2>&1": false, "ls": false, "a<b": false,
	} {
		if got := stdinLeftOpen(in); got != want {
			t.Errorf("stdinLeftOpen(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestSpecialFilesAreRefused: a named pipe or a device, named as an operand, an option's value
// or an input redirection, or brought by a glob, or anywhere in the tree for git, rg and a
// recursive grep, refuses the command; /dev/null and a plain file do not.
func TestSpecialFilesAreRefused(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	testfs.Write(t, filepath.Join(repo, "a.txt"), "x\n", 0o644)
	testfs.Write(t, filepath.Join(repo, "sub", "b.txt"), "x\n", 0o644)
	if err := syscall.Mkfifo(filepath.Join(repo, "sub", "p"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, fifo := range []string{"deep/x/p", "a*/p", "wide/\U0001F600"} {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(fifo)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(repo, fifo), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/dev/zero", filepath.Join(repo, "z")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(os.DevNull, filepath.Join(repo, "n")); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir() // a directory out of the tree, with a pipe in it
	testfs.Write(t, filepath.Join(outside, "f"), "x\n", 0o644)
	if err := syscall.Mkfifo(filepath.Join(outside, ".ignore"), 0o644); err != nil {
		t.Fatal(err)
	}
	where := Place{Cwd: repo, Root: repo, Path: "/usr/bin:/bin"}
	for _, tt := range []struct {
		command string
		granted bool
	}{
		{"cat a.txt n /dev/null", true},
		{"cat sub/p", false},
		{"cat z", false},
		{"cat /dev/zero", false},
		{"cat < sub/p", false},
		{"grep -f sub/p a.txt", false},
		{"grep -fsub/p a.txt", false},
		{"grep --file=sub/p a.txt", false},
		{"sort --files0-from=sub/p", false},
		{"cat sub/*", false},
		{"cat sub/b*", true},
		{"cat sub/p*", false},
		{"cat sub/?", false},
		{"cat deep/*", true},
		{"cat deep/**", false},
		{"cat wide/?", false},
		{"cat 'a*'/*", false},
		{"cat 'a'\\*/p*", false},
		{"ls -la sub", true},
		{"find . -type p", true},
		{"grep -n x a.txt", true},
		{"grep -rn x .", false},
		{"grep --rec x .", false},
		{"grep -d recurse x .", false}, // -d recurse walks as -r does
		{"grep -c x a.txt n", true},
		{"git status", false},
		{"rg -n x", false},
		{"tree --gitignore", false},
		{"tree", true},
		{"cat /proc/self/status", false},
		{"grep -rn x /", false},
		{"rg x " + outside, false},
		{"grep -n x " + outside + "/f", true},
		{"head -c 1 /sys/kernel/notes", false},
	} {
		err := Check("Bash", bash(tt.command), defaultRules, where)
		if (err == nil) != tt.granted {
			t.Errorf("%q: %v, want granted %v", tt.command, err, tt.granted)
		}
	}
}

// TestOpenStdin: where Claude Code leaves the standard input open, a program that would read it
// is refused, and one given its input, or its files, is not.
func TestOpenStdin(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		command string
		granted bool
	}{
		{"cat <<'EOF'\nx\nEOF", true},
		{"cat <<'EOF'\nx\nEOF\ncat", false},
		{"grep x < a.txt; wc -l a.txt", true},
		{"grep x < a.txt; wc -l", false},
		{"grep x < a.txt | sort | uniq -c", true},
		{"grep x <<< y; rg x", false},
		{"grep x <<< y; rg x .", true},
		{"grep x <<< y; grep -r x", true},
		{"grep x <<< y; grep x -", false},
		{"sort < a.txt && jq .", false},
		{"sort < a.txt && jq . a.json", true},
		{"{ cat; } < a.txt", true},
		{"cat <<'EOF'\nx\nEOF\nsed -n p", false},
		{"cat <<'EOF'\nx\nEOF\nsed -n p a.txt", true},
		{"cat <<'EOF'\nx\nEOF\ngit shortlog -sn HEAD", false},
		{"cat <<'EOF'\nx\nEOF\ngit log -1", true},
		{"cat <<'EOF'\nx\nEOF\nls", true},
		{"cat", true},
		{"wc -l", true},
		{"cat 3< a.txt", true}, // Claude Code closes the input: no < after a blank
		{"grep x <<< y; cat 3< a.txt", false},
		{"grep x <<< y; cat 0< a.txt", true},
		{"cat 3<<'EOF'\nx\nEOF", false},
		{"grep x <<< y; tr a b", false},
		{"grep x <<< y; tr a b < a.txt", true},
		{"grep x <<< y; diff - a.txt", false},
		{"grep x <<< y; cmp a.txt -", false},
		{"grep x <<< y; od", false},
		{"grep x <<< y; nl a.txt", true},
		{"grep x <<< y; sort -k1 a.txt", true},
		{"grep x <<< y; grep -e x", false},
		{"grep x <<< y; grep -e x a.txt", true},
		{"grep x <<< y; rg -e x", false},
		{"grep x <<< y; rg -e x .", true},
		{"grep x <<< y; find . -name x", true},
		{"grep x <<< y; echo x | cat", true},
		{"cat 0<<'EOF'\nx\nEOF", true},
	} {
		err := Check("Bash", bash(tt.command), defaultRules, here)
		if (err == nil) != tt.granted {
			t.Errorf("%q: %v, want granted %v", tt.command, err, tt.granted)
		}
	}
}

// TestGlobNamesAreBounded: a pattern is judged by at most maxGlobNames names; one that brings
// more is refused rather than judged in part.
func TestGlobNamesAreBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for i := range maxGlobNames {
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	where := Place{Cwd: dir, Root: dir, Path: "/usr/bin:/bin"}
	if err := Check("Bash", bash("wc -l *"), nil, where); err != nil {
		t.Errorf("%d names: %v", maxGlobNames, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "one-more"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Check("Bash", bash("wc -l *"), nil, where); err == nil || !strings.Contains(err.Error(), "matches more than") {
		t.Errorf("%d names: %v, want refused", maxGlobNames+1, err)
	}
	// Under a directory that ** walks into, the bound holds as well.
	parent := t.TempDir()
	if err := os.Rename(dir, filepath.Join(parent, "sub")); err != nil {
		t.Fatal(err)
	}
	where = Place{Cwd: parent, Root: parent, Path: "/usr/bin:/bin"}
	if err := Check("Bash", bash("wc -l **"), nil, where); err == nil || !strings.Contains(err.Error(), "matches more than") {
		t.Errorf("** over %d names: %v, want refused", maxGlobNames+1, err)
	}
}

// TestBuiltinsAreNotLookedUp: a builtin runs whatever a directory of $PATH holds under its name,
// so a program planted there does not refuse it.
func TestBuiltinsAreNotLookedUp(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	testfs.Write(t, filepath.Join(repo, "bin", "echo"), "#!/bin/sh\n", 0o755)
	testfs.Write(t, filepath.Join(repo, "bin", "cat"), "#!/bin/sh\n", 0o755)
	where := Place{Cwd: repo, Root: repo, Path: "bin:/usr/bin:/bin"}
	if err := Check("Bash", bash("echo hi"), nil, where); err != nil {
		t.Errorf("echo, a builtin: %v", err)
	}
	if err := Check("Bash", bash("cat f"), nil, where); err == nil {
		t.Error("granted cat, found first in bin/ of the tree")
	}
}

// TestHeredocDelimiters: a here-document's delimiter is read only where it is a name
// ([A-Za-z_][A-Za-z0-9_]*), where bash and the parser agree on where its body ends.
func TestHeredocDelimiters(t *testing.T) {
	t.Parallel()
	for delim, granted := range map[string]bool{
		"a": true, "z": true, "A": true, "Z": true, "_": true, "_a9": true, "a0": true, "A9": true,
		"9a": false, "0": false, "a-b": false, "a.b": false, "a@": false, "a`": false, "a{": false,
		"a[": false, "a:": false, "a/": false,
	} {
		command := "cat <<'" + delim + "'\nx\n" + delim
		if err := Check("Bash", bash(command), nil, here); (err == nil) != granted {
			t.Errorf("delimiter %q: %v, want granted %v", delim, err, granted)
		}
	}
}

// TestGitHomeFilesAreLooked: ripgrep reads git's configuration in the home directory itself
// (~/.gitconfig, ~/.config/git/config): a named pipe there refuses rg. git reads none of the
// home's files through the review's git view (gitview's TestViewReadsNothingOfTheHome), so a named
// pipe there, or as the default exclude or attributes file, refuses no git command.
// The home is the reviewer's, as its environment names it (Place.Home).
func TestGitHomeFilesAreLooked(t *testing.T) {
	for file, refusesRg := range map[string]bool{
		".gitconfig": true, ".config/git/config": true, ".config/git/ignore": false, ".config/git/attributes": false,
	} {
		home := t.TempDir()
		repo := t.TempDir()
		where := Place{Cwd: repo, Root: repo, Path: "/usr/bin:/bin", Home: home}
		if err := Check("Bash", bash("rg -n x"), nil, where); err != nil {
			t.Fatalf("rg with no pipe: %v", err)
		}
		path := filepath.Join(home, file)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Check("Bash", bash("rg -n x"), nil, where); (err != nil) != refusesRg {
			t.Errorf("rg with ~/%s a named pipe: %v, want refused %v", file, err, refusesRg)
		}
		for _, command := range []string{"git status", "git log -p", "cat a.txt"} {
			if err := Check("Bash", bash(command), nil, where); err != nil {
				t.Errorf("%s with ~/%s a named pipe: %v", command, file, err)
			}
		}
	}
}

// TestWalkersInACleanTree: in a tree with no named pipe or device (links to files and to
// /dev/null, a socket), the programs that walk it are granted; a link into /proc, or a pipe in a
// directory out of the tree named for the walk, refuses them. Where the input is left open, a
// glob may not bring an option-shaped name before "--".
func TestWalkersInACleanTree(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	testfs.Write(t, filepath.Join(repo, "a.txt"), "x\n", 0o644)
	testfs.Write(t, filepath.Join(repo, "-n"), "x\n", 0o644)
	for name, target := range map[string]string{"l": "a.txt", "n": os.DevNull} {
		if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	sock, err := net.Listen("unix", filepath.Join(repo, "s.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Close()
	outside := t.TempDir()
	testfs.Write(t, filepath.Join(outside, "f"), "x\n", 0o644)
	if err := syscall.Mkfifo(filepath.Join(outside, ".ignore"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(repo, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	check := func(command string, where Place, granted bool) {
		t.Helper()
		if err := Check("Bash", bash(command), nil, where); (err == nil) != granted {
			t.Errorf("%q in %s: %v, want granted %v", command, where.Cwd, err, granted)
		}
	}
	where := Place{Cwd: repo, Root: repo, Path: "/usr/bin:/bin"}
	for _, c := range []string{"rg -n x", "git status", "grep -rn x .", "rg -n x sub", "grep -n x " + outside + "/f", "cat *", "grep x <<< y; cat -- *"} {
		check(c, where, true)
	}
	for _, c := range []string{"rg -n x " + outside, "grep -rn x " + outside + " .", "grep x <<< y; cat *", "grep x <<< y; wc -l *"} {
		check(c, where, false)
	}
	check("rg -n x", Place{Cwd: sub, Root: repo, Path: "/usr/bin:/bin"}, true)
	check("rg -n x", Place{Cwd: outside, Root: repo, Path: "/usr/bin:/bin"}, false) // where it runs is walked too
	if err := os.Symlink("/proc/self/status", filepath.Join(sub, "k")); err != nil {
		t.Fatal(err)
	}
	check("rg -n x", where, false)
	check("cat sub/k", where, false)
}

// TestJQHome: jq is refused while the reviewer's home holds a .jq, which jq loads at start, and
// where the reviewer's home is not known; the home is the one the review was given, never this
// process's.
func TestJQHome(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	where := here
	where.Home = home
	if err := Check("Bash", bash("jq . f.json"), nil, where); err != nil {
		t.Fatalf("jq with no ~/.jq: %v, want granted", err)
	}
	testfs.Write(t, filepath.Join(home, ".jq"), "def length: 0;\n", 0o644)
	if err := Check("Bash", bash("jq . f.json"), nil, where); err == nil || !strings.Contains(err.Error(), "loads ~/.jq") {
		t.Errorf("jq with a ~/.jq: %v, want refused", err)
	}
	where.Home = ""
	if err := Check("Bash", bash("jq . f.json"), nil, where); err == nil || !strings.Contains(err.Error(), "not known") {
		t.Errorf("jq with no home: %v, want refused", err)
	}
}
