//go:build unix

package reviewguard

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// recorderNames are the programs bash finds as recorders (recordArgv): every program the guard
// grants by name, bash's builtins among them, and a few that rules or attacks name.
func recorderNames() []string {
	names := []string{"go", "rm", "P", "x", "sh", "touch", "tee", "npm", "make"}
	for name := range programs() {
		names = append(names, name)
	}
	return names
}

var (
	recordersOnce sync.Once
	recordersDir  string
	errRecorders  error
)

// recorders returns a directory of links, one per name of recorderNames, to this test binary;
// it is removed when the test binary ends.
func recorders(t testing.TB) string {
	t.Helper()
	recordersOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			errRecorders = err
			return
		}
		// Shared by every test of the binary and removed by TestMain: not a t.TempDir.
		recordersDir, errRecorders = os.MkdirTemp("", "reviewguard-recorders-") //nolint:usetesting // see above
		for _, name := range recorderNames() {
			if errRecorders == nil {
				errRecorders = os.Symlink(self, filepath.Join(recordersDir, name))
			}
		}
	})
	if errRecorders != nil {
		t.Fatal(errRecorders)
	}
	return recordersDir
}

// bashRuns runs command with bash in dir, where every program bash may run is a recorder
// (bash's builtins echo, pwd, true and false turned off so that it finds the recorders instead),
// and returns the words of each program it ran, its name first, in the order they ran.
func bashRuns(t testing.TB, dir, command string) [][]string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "argv.log")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", "enable -n echo pwd true false\n"+command)
	c.Dir = dir
	c.Env = []string{"PATH=" + recorders(t), argvLogEnv + "=" + log, "HOME=" + dir, "LC_ALL=C"}
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	_, _ = c.CombinedOutput()
	f, err := os.Open(log)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var runs [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var words []string
		if err := json.Unmarshal(sc.Bytes(), &words); err != nil {
			t.Fatalf("argv log line %q: %v", sc.Text(), err)
		}
		runs = append(runs, words)
	}
	return runs
}

// judged returns the words of each simple command as the guard reads them.
func judged(cmds []simpleCommand) [][]string {
	out := make([][]string, len(cmds))
	for i, c := range cmds {
		for _, a := range c.args {
			out[i] = append(out[i], a.value)
		}
	}
	return out
}

// unjudged returns the runs bash made that the guard did not judge (a multiset difference):
// none may exist, or bash ran a program with words the guard never saw.
func unjudged(runs, guard [][]string) [][]string {
	left := slices.Clone(guard)
	var out [][]string
	for _, run := range runs {
		i := slices.IndexFunc(left, func(g []string) bool { return slices.Equal(g, run) })
		if i < 0 {
			out = append(out, run)
			continue
		}
		left = slices.Delete(left, i, i+1)
	}
	return out
}

// TestWordsAreBashs: for commands whose words the guard computes (quotes, backslashes, line
// continuations, here-documents, lists and pipes), bash runs exactly those programs with
// exactly those words — read off the programs themselves, recorders that bash runs.
func TestWordsAreBashs(t *testing.T) {
	t.Parallel()
	testneed.Program(t, "bash")
	commands := []string{
		`cat a\.txt 'b c' "d e" f\ g`,
		`echo "a\"b" 'c\d' "e\\f" "g\$h" "i\` + "`" + `j" "k\l" \\`,
		"echo a\\\nb",
		"echo \"a\\\nb\" 'a\\\nb'",
		"echo 'a\nb' \"c\nd\"",
		`echo a#b #c`,
		"ls # a comment\nwc -l a.txt",
		"ls;#c\nls",
		"(ls) # x\n{ ls; } #y",
		"ls \\\n# c\nls",
		"echo 'a#b' \"c # d\" e\\#f",
		"echo ok >/dev/null # done",
		`echo HEAD@{1} @{u}..HEAD x{y}z {} {a} '{a,b}' "{1..3}" \{a,b\} {a}b}`,
		`echo 'it'\''s' "" '' x""y`,
		`echo \* \? \[ '*' "?" "[a]"`,
		`echo -n -e -E -- -`,
		"echo a\tb\t\t'c\td'",
		`echo é 'ü' "ß" \ñ`,
		`echo $ a$ '$' "$" "a$"`,
		`echo a=b c:d x==y HEAD~2 a~ "~" '~' \~`,
		`echo "\a\b\c" '\a' \a`,
		"cat <<'EOF'\n$x `y` \\z\nEOF\necho after",
		"cat <<EOF\nplain \\\\ text\nEOF\necho after",
		"cat <<-EOF\n\tindented\n\tEOF\necho after",
		"cat <<EOF | grep x\nbody\nEOF\necho after",
		"cat <<A <<B\na\nA\nb\nB\necho after",
		"cat <<\"E\"\nbody\nE\necho after",
		"grep x <<< 'a string' ; echo after",
		`grep -e 'a b' -- -x`,
		"ls; wc\ncat && head | tail |& nl",
		"(ls) && { ls; }; (ls; (pwd))",
		"! ls",
		"ls 2>/dev/null 1>&2 3<a.txt 4>&- 5<&3",
		"go test ./... -run 'X|Y'",
		"git log --format='%h %s' -- 'a b' c\\ d",
		"sort -t ' ' -k2 a.txt",
		"find . -name '*.go' -o -name \"*.md\"",
		"rg -n 'x\\ y' -g '!vendor'",
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, command := range commands {
		cmds, err := parseCommand(command)
		if err != nil {
			t.Errorf("the guard cannot read %q: %v", command, err)
			continue
		}
		guard := judged(cmds)
		runs := bashRuns(t, dir, command)
		if extra := unjudged(runs, guard); len(extra) > 0 || len(runs) != len(guard) {
			t.Errorf("%q:\nbash ran %q\nthe guard judged %q", command, runs, guard)
		}
		if trace := bashTrace(t, dir, command); len(unjudged(trace, guard)) > 0 || len(trace) != len(guard) {
			t.Errorf("%q:\nbash traced %q\nthe guard judged %q", command, trace, guard)
		}
	}
}

// TestReadApartIsRefused: where bash and the guard's parser read a command apart, the guard
// refuses it: bash's own trace shows a command the parser, left to itself, would not have
// judged.
func TestReadApartIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, command := range []string{
		"git status # see below \\\nrm -f a.txt",
		"ls #\\\nrm -f a.txt",
		"ls # a \\ b\\\nrm -f a.txt",
		"cat <<EOF\nx\nEO\\\nF\nrm -f a.txt\nEOF",
		"cat <<EOF | cat\nx\nE\\\nOF\nrm -f a.txt\nEOF",
	} {
		if _, err := parseCommand(command); err == nil {
			t.Errorf("the guard reads %q", command)
		}
		ran := false
		for _, words := range bashTrace(t, dir, command) {
			ran = ran || words[0] == "rm"
		}
		if !ran {
			t.Errorf("bash did not run rm in %q: the case no longer shows a reading apart", command)
		}
	}
}
